import { z } from "zod";
import { strainTypes } from "./products";

/**
 * Every failure to analyse (no model configured: 503; the model timed out, refused, was rate
 * limited, failed or answered badly: 502) carries `failed`, the form's toast, as its message, so the
 * upload form shows the message of any 5xx answer as it is. A bad image is the caller's: 400, 413
 * or 415 with the messages below.
 */
export const strainAnalysisMessages = {
  failed: "Failed to analyze strain. You can still enter details manually.",
  applied: "AI suggestions applied successfully!",
  notBase64: "The image must be base64 data or a data: URL",
  wrongType: "Please select an image file",
  tooLarge: "Image must be less than 10MB",
} as const;

export const MAX_STRAIN_SUGGESTIONS = 5;
export const MAX_ANALYSIS_FEATURES = 8;
const MAX_DESCRIPTION_CHARS = 2000;
const MAX_FEATURE_CHARS = 200;
/** The largest image analysed, decoded. */
export const MAX_ANALYSIS_IMAGE_BYTES = 10 * 1024 * 1024;
/** Its base64 length, with room for a data: URL prefix. */
export const MAX_IMAGE_BASE64_CHARS = Math.ceil(MAX_ANALYSIS_IMAGE_BYTES / 3) * 4 + 64;

/** `imageBase64`: bare base64 (as the upload form sends it) or a data: URL of a PNG, JPEG, WebP or GIF. */
export const strainAnalysisRequestSchema = z.object({
  imageBase64: z.string({ error: strainAnalysisMessages.notBase64 }).min(1, strainAnalysisMessages.notBase64),
});

// Refinements rather than min/max lengths: the schema is also the model's structured-output JSON
// schema, whose strict mode accepts no string length keywords; refinements are checked only here.
const textUpTo = (max: number) =>
  z
    .string()
    .trim()
    .refine((text) => text.length > 0 && text.length <= max, `must be 1-${max} characters`);

/** The model's answer, as asked for (structured output) and checked. */
export const strainAnswerSchema = z.object({
  strain_type: z.enum(strainTypes),
  description: textUpTo(MAX_DESCRIPTION_CHARS),
  features: z.array(textUpTo(MAX_FEATURE_CHARS)).min(1).max(MAX_ANALYSIS_FEATURES),
});
export type StrainAnswer = z.infer<typeof strainAnswerSchema>;

export const strainSuggestionSchema = z.object({ name: z.string(), type: z.enum(strainTypes) });

/** The answer of POST /api/admin/strain-analysis: suggestions are best first (the first preselected). */
export const strainAnalysisSchema = z.object({
  strainType: z.enum(strainTypes),
  description: z.string(),
  features: z.array(z.string()),
  suggestions: z.array(strainSuggestionSchema).max(MAX_STRAIN_SUGGESTIONS),
});
export type StrainAnalysis = z.infer<typeof strainAnalysisSchema>;

/** The product description Apply writes: a "Key Features" bullet list, then the AI description. */
export function appliedDescription(features: readonly string[], description: string): string {
  if (features.length === 0) return description;
  return `Key Features:\n${features.map((feature) => `• ${feature}`).join("\n")}\n\n${description}`;
}
