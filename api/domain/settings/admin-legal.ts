import type { AdminLegalVersion, PublishLegal } from "#api/contracts/admin-legal";
import type { LegalType } from "#api/contracts/legal";
import {
  deactivateLegalDocuments,
  insertActiveLegalDocument,
  type LegalDocumentRow,
  latestLegalVersion,
  listLegalVersions,
} from "#db/queries/settings/legal";
import type { ServiceContext } from "../context";
import { isUniqueViolation } from "../db-errors";
import { Refusal } from "../refusal";

const versionOf = (row: LegalDocumentRow): AdminLegalVersion => ({
  id: row.id,
  version: row.version,
  content: row.content,
  effectiveDate: row.effectiveDate,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
});

/** Every version of a policy, newest first; the active one says so. */
export const listPolicyVersions = async (
  { db }: Pick<ServiceContext, "db">,
  type: LegalType,
): Promise<AdminLegalVersion[]> => (await listLegalVersions(db, type)).map(versionOf);

/**
 * Publishes a new version, which becomes the one the public page shows: in one transaction the
 * active document stops being active and the new one is inserted active. Earlier versions stay.
 * Two admins publishing at once: the unique indexes let one in; the other is told so (legal_published_meanwhile).
 */
export async function publishPolicyVersion(
  { db }: Pick<ServiceContext, "db">,
  type: LegalType,
  input: PublishLegal,
): Promise<AdminLegalVersion> {
  try {
    const row = await db.transaction(async (tx) => {
      const latest = await latestLegalVersion(tx, type);
      const version = input.version ?? (latest ?? 0) + 1;
      if (latest !== null && version <= latest) {
        throw new Refusal("legal_not_newer", { latest });
      }
      await deactivateLegalDocuments(tx, type);
      return insertActiveLegalDocument(tx, {
        documentType: type,
        version,
        content: input.content,
        effectiveDate: input.effectiveDate,
      });
    });
    return versionOf(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal("legal_published_meanwhile");
    throw error;
  }
}
