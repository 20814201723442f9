import type { LegalDocument, LegalType } from "#api/contracts/legal";
import { findActiveLegalDocument } from "#db/queries/settings/legal";
import type { ServiceContext } from "../context";

/** The active document of a type (the newest version when more than one is active), if any. */
export async function readActiveLegalDocument(
  { db }: Pick<ServiceContext, "db">,
  type: LegalType,
): Promise<LegalDocument | undefined> {
  const row = await findActiveLegalDocument(db, type);
  if (!row) return undefined;
  return {
    documentType: row.documentType,
    version: row.version,
    content: row.content,
    effectiveDate: row.effectiveDate,
    updatedAt: row.updatedAt.toISOString(),
  };
}
