import { eq, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { setupLinks, userRoles } from "../../schema";

/** Serialises the first admin's claims over every process: the check "no admin yet" and the grant. */
const FIRST_ADMIN_LOCK = 725_004;

export async function adminExists(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, "admin"))
    .limit(1);
  return row !== undefined;
}

export async function insertSetupLink(db: Db, tokenHash: string, expiresAt: Date) {
  await db.insert(setupLinks).values({ tokenHash, expiresAt });
}

/** Inside the claim's transaction: takes the first admin's lock, then reads the link. */
export async function lockSetupLink(tx: Db, tokenHash: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
  const [link] = await tx.select().from(setupLinks).where(eq(setupLinks.tokenHash, tokenHash));
  return link;
}

export async function markSetupLinkUsed(tx: Db, id: string, userId: string, usedAt: Date) {
  await tx.update(setupLinks).set({ usedAt, usedBy: userId }).where(eq(setupLinks.id, id));
}
