import { and, desc, eq, max } from "drizzle-orm";
import type { Db } from "../../client";
import { legalDocuments, type legalDocumentTypes } from "../../schema";

export type LegalDocumentRow = typeof legalDocuments.$inferSelect;
type LegalDocumentType = (typeof legalDocumentTypes)[number];

/** The active document of a type; should more than one be active, the newest version. */
export async function findActiveLegalDocument(
  db: Db,
  documentType: LegalDocumentType,
): Promise<LegalDocumentRow | undefined> {
  const rows = await db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.documentType, documentType), eq(legalDocuments.isActive, true)))
    .orderBy(desc(legalDocuments.version))
    .limit(1);
  return rows[0];
}

/** Every version of a type, newest first. */
export const listLegalVersions = (db: Db, documentType: LegalDocumentType): Promise<LegalDocumentRow[]> =>
  db
    .select()
    .from(legalDocuments)
    .where(eq(legalDocuments.documentType, documentType))
    .orderBy(desc(legalDocuments.version));

/** The highest version of a type, or null when it has none. */
export async function latestLegalVersion(db: Db, documentType: LegalDocumentType): Promise<number | null> {
  const [row] = await db
    .select({ latest: max(legalDocuments.version) })
    .from(legalDocuments)
    .where(eq(legalDocuments.documentType, documentType));
  return row?.latest ?? null;
}

/** The type's active document (if any) stops being active. */
export async function deactivateLegalDocuments(db: Db, documentType: LegalDocumentType): Promise<void> {
  await db
    .update(legalDocuments)
    .set({ isActive: false })
    .where(and(eq(legalDocuments.documentType, documentType), eq(legalDocuments.isActive, true)));
}

/**
 * A new active version. The unique indexes refuse a second active document of the type and a
 * version that exists: the caller's conflict when another admin publishes at the same moment.
 */
export async function insertActiveLegalDocument(
  db: Db,
  document: { documentType: LegalDocumentType; version: number; content: string; effectiveDate: string },
): Promise<LegalDocumentRow> {
  const [row] = await db
    .insert(legalDocuments)
    .values({ ...document, isActive: true })
    .returning();
  if (!row) throw new Error("legal document insert returned nothing");
  return row;
}
