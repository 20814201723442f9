import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { legalDocuments, type legalDocumentTypes } from "../schema/index";

export type LegalDocumentRow = typeof legalDocuments.$inferSelect;

/** The active document of a type, newest version first (the spec's query). */
export async function findActiveLegalDocument(
  db: Db,
  documentType: (typeof legalDocumentTypes)[number],
): Promise<LegalDocumentRow | undefined> {
  const rows = await db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.documentType, documentType), eq(legalDocuments.isActive, true)))
    .orderBy(desc(legalDocuments.version))
    .limit(1);
  return rows[0];
}
