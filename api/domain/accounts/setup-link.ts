import { setupLinkPath } from "#api/contracts/app-links";
import type { Role } from "#api/contracts/roles";
import { hashToken, newToken } from "#api/domain/auth";
import { addRole, rolesOf } from "#db/queries/accounts/accounts";
import {
  adminExists,
  insertSetupLink,
  lockSetupLink,
  markSetupLinkUsed,
} from "#db/queries/accounts/setup-links";
import type { ServiceContext } from "../context";
import { Refusal } from "../refusal";

/** How long a setup link works after the start that printed it. */
const SETUP_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * At a start while no account holds admin (decision 122): a new one-time link to `origin`'s /setup,
 * good for an hour, printed in the log for the owner to open signed in. It is the one token the log
 * ever carries, on purpose: only its hash is stored. Each such start (each process) makes its own;
 * the first claimed makes the admin and the others are refused from then on. Nothing once an admin
 * exists.
 */
export async function offerSetupLink(
  ctx: Pick<ServiceContext, "db" | "log" | "now">,
  origin: string,
): Promise<void> {
  if (await adminExists(ctx.db)) return;
  const token = newToken();
  const expiresAt = new Date(ctx.now().getTime() + SETUP_LINK_TTL_MS);
  await insertSetupLink(ctx.db, hashToken(token), expiresAt);
  ctx.log.info(
    "no admin yet: open this one-time setup link within an hour, signed in, to become the shop's first admin",
    { setupLink: `${origin.replace(/\/+$/, "")}${setupLinkPath(token)}`, expiresAt: expiresAt.toISOString() },
  );
}

/**
 * The signed-in person opening a setup link becomes the first admin: once per link, within its
 * hour, and only while nobody holds admin. Claims queue on one lock over every process, so of two
 * at once (two links, or one twice) the second finds the admin the first made, or its link used.
 * The role records that it was given on purpose (no ADMIN_EMAILS warning about it).
 */
export async function claimSetupLink(
  ctx: Pick<ServiceContext, "db" | "now">,
  userId: string,
  token: string,
): Promise<Role[]> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const link = await lockSetupLink(tx, hashToken(token));
    if (!link) throw new Refusal("setup_link_invalid");
    if (link.usedAt) throw new Refusal("setup_link_used");
    if (link.expiresAt <= now) throw new Refusal("setup_link_expired");
    if (await adminExists(tx)) throw new Refusal("setup_admin_exists");
    await addRole(tx, userId, "admin", "setup_link");
    await markSetupLinkUsed(tx, link.id, userId, now);
  });
  return rolesOf(ctx.db, userId);
}
