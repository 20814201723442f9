import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { type AccountRow, findAccountById, setPasswordHash } from "#db/queries/accounts";
import { revokeUserSessions } from "#db/queries/sessions";
import { passwordResetTokens, profiles } from "#db/schema/index";
import { limits, reserveAttempt } from "../auth/rate-limit";
import { hashToken, newToken } from "../auth/tokens";
import { Refusal } from "../refusal";
import type { ServiceContext } from "./context";

const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Starts a reset: a single-use token valid for an hour, stored as its hash, sent as a link. Both
 * answers do the same work before replying, whether or not the email has an account: one counted
 * attempt and one statement that stores a token for the account if there is one. Finding the
 * recipient and delivering happen after the answer.
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  data: { email: string; address: string },
): Promise<void> {
  const email = data.email.trim().toLowerCase();
  await reserveAttempt(ctx.db, ctx.now(), [limits.resetAccount, email], [limits.resetAddress, data.address]);
  const token = newToken();
  const [issued] = await ctx.db
    .insert(passwordResetTokens)
    .select(
      ctx.db
        .select({
          id: sql`gen_random_uuid()`.as("id"),
          userId: profiles.id,
          tokenHash: sql`${hashToken(token)}`.as("token_hash"),
          createdAt: sql`now()`.as("created_at"),
          expiresAt: sql`${new Date(ctx.now().getTime() + RESET_TTL_MS).toISOString()}::timestamptz`.as(
            "expires_at",
          ),
          usedAt: sql`null`.as("used_at"),
        })
        .from(profiles)
        .where(sql`lower(${profiles.email}) = ${email}`),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!issued) return;
  setImmediate(() => {
    deliverResetLink(ctx, issued.userId, token).catch((error: unknown) =>
      ctx.log.warn("password reset delivery failed", { userId: issued.userId, error: String(error) }),
    );
  });
}

async function deliverResetLink(ctx: ServiceContext, userId: string, token: string): Promise<void> {
  const account = await findAccountById(ctx.db, userId);
  if (!account) return;
  // Built only from PUBLIC_URL, never from the request's Host header (the client chooses that).
  // Without PUBLIC_URL there is no mail or bot to send it (the configuration refuses them).
  const base = ctx.config.PUBLIC_URL?.replace(/\/+$/, "");
  const path = `/reset-password?token=${encodeURIComponent(token)}`;
  const results = await Promise.allSettled(base ? sendResetLink(ctx, account, `${base}${path}`) : []);
  for (const result of results) {
    if (result.status === "rejected") {
      ctx.log.warn("password reset delivery failed", { userId: account.id, error: String(result.reason) });
    }
  }
  if (!results.some((r) => r.status === "fulfilled")) {
    // The one place a secret token is written to the log, on purpose: with no mail server and no
    // bot (or both failing) the operator passes the link on. Nothing else may log tokens.
    ctx.log.info("password reset link for the operator to pass on", {
      email: account.email,
      ...(base
        ? { link: `${base}${path}` }
        : { link: path, note: "PUBLIC_URL is not set: open this path on the app's address" }),
    });
  }
}

function sendResetLink(ctx: ServiceContext, account: AccountRow, link: string): Promise<unknown>[] {
  const attempts: Promise<unknown>[] = [];
  if (ctx.mailer && account.email) {
    attempts.push(
      ctx.mailer.send({
        to: account.email,
        subject: "Reset your password",
        text: [
          "Someone asked to reset the password of your account.",
          "",
          `Open this link within an hour to choose a new one: ${link}`,
          "",
          "If it wasn't you, ignore this message; your password stays as it is.",
        ].join("\n"),
      }),
    );
  }
  if (ctx.telegram.enabled && account.telegramId !== null) {
    attempts.push(
      ctx.telegram.sendMessage(
        account.telegramId,
        `You asked to reset your password. Open this link within an hour to choose a new one:\n${link}\n\nIf it wasn't you, ignore this message.`,
      ),
    );
  }
  return attempts;
}

/** Spends the token, sets the password and ends every session of the account. */
export async function confirmPasswordReset(
  ctx: ServiceContext,
  data: { token: string; password: string; address: string },
): Promise<void> {
  // Counted before the lookup; a token that works is taken back, a wrong one stays counted.
  const attempt = await reserveAttempt(ctx.db, ctx.now(), [limits.resetConfirmAddress, data.address]);
  const invalid = () => new Refusal("reset_link_invalid");
  const tokenHash = hashToken(data.token);
  const live = (now: Date) =>
    and(
      eq(passwordResetTokens.tokenHash, tokenHash),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, now),
    );
  // A cheap look first, so a wrong token costs no password hashing.
  const [found] = await ctx.db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(live(ctx.now()));
  if (!found) throw invalid();

  const passwordHash = await ctx.passwords.hash(data.password).catch(async (error: unknown) => {
    // Too busy to hash (server_busy): the token was not tried, so it does not count.
    await attempt.release();
    throw error;
  });
  const now = ctx.now();
  const userId = await ctx.db.transaction(async (tx) => {
    // The conditional update is what makes the token single-use, even for two requests at once.
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(live(now))
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return undefined;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    await setPasswordHash(tx, spent.userId, passwordHash);
    await revokeUserSessions(tx, spent.userId, now);
    return spent.userId;
  });
  if (!userId) throw invalid();
  await attempt.release();
}
