import { z } from "zod";
import { legalTypeSchema, legalTypes } from "./legal";

/**
 * Ours: the original product shows the policies read-only (decision 036). A document's length, in
 * characters; with the JSON around it this stays under the default request body limit
 * (JSON_BODY_LIMIT, 64 KB).
 */
export const MAX_LEGAL_CONTENT = 50_000;

/** Postgres integer's largest value: the version column's. */
const MAX_VERSION = 2_147_483_647;

export const adminLegalMessages = {
  unknownType: "Not found",
  contentRequired: "Content is required",
  contentTooLong: "Content must be at most 50,000 characters",
  version: "Version must be a whole number of 1 or more",
  effectiveDate: "Effective date must be a valid date (YYYY-MM-DD)",
  notNewer: (latest: number) => `Version must be greater than ${latest}, the latest version`,
  publishedMeanwhile:
    "Another admin published a version at the same time. Reload to see it, then publish again.",
} as const;

export const legalTypeParamSchema = z.object({
  type: z.enum(legalTypes, { error: adminLegalMessages.unknownType }),
});

/** A new version: it becomes the active one; `version` defaults to the latest plus one. */
export const publishLegalSchema = z.object({
  content: z
    .string({ error: adminLegalMessages.contentRequired })
    .trim()
    .min(1, adminLegalMessages.contentRequired)
    .max(MAX_LEGAL_CONTENT, adminLegalMessages.contentTooLong),
  version: z
    .int({ error: adminLegalMessages.version })
    .min(1, adminLegalMessages.version)
    .max(MAX_VERSION, adminLegalMessages.version)
    .optional(),
  /** yyyy-mm-dd, a real calendar date. */
  effectiveDate: z.iso.date({ error: adminLegalMessages.effectiveDate }),
});
export type PublishLegal = z.infer<typeof publishLegalSchema>;

export const adminLegalVersionSchema = z.object({
  id: z.string(),
  version: z.int(),
  content: z.string(),
  effectiveDate: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type AdminLegalVersion = z.infer<typeof adminLegalVersionSchema>;

/** Every version of one document type, newest first. */
export const adminLegalListSchema = z.object({
  documentType: legalTypeSchema,
  versions: z.array(adminLegalVersionSchema),
});
export const adminLegalResultSchema = z.object({ document: adminLegalVersionSchema });
