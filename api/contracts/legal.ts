import { z } from "zod";

export const legalTypes = ["terms", "privacy", "refund", "shipping", "cancellation"] as const;
export const legalTypeSchema = z.enum(legalTypes);
export type LegalType = z.infer<typeof legalTypeSchema>;

/** The not-found texts, one per document type. */
export const legalNotFoundMessages: Record<LegalType, string> = {
  terms: "No terms of service found.",
  privacy: "No privacy policy found.",
  refund: "No refund policy found.",
  shipping: "No shipping policy found.",
  cancellation: "No cancellation policy found.",
};

export const legalDocumentSchema = z.object({
  documentType: legalTypeSchema,
  version: z.int(),
  /** Simple markdown: #, ##, ### headings, **bold** lines, "- " bullets, "---" rules, blank lines. */
  content: z.string(),
  /** yyyy-mm-dd */
  effectiveDate: z.string(),
  updatedAt: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
