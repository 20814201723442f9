import { and, eq, gt, isNull } from "drizzle-orm";
import { type AccountRow, findAccountByEmail, setPasswordHash } from "#db/queries/accounts";
import { revokeUserSessions } from "#db/queries/sessions";
import { passwordResetTokens } from "#db/schema/index";
import { hashPassword } from "../auth/passwords";
import { rateLimited } from "../auth/rate-limit";
import { hashToken, newToken } from "../auth/tokens";
import { authMessages } from "../contracts/auth";
import { AppError } from "../errors";
import type { ServiceContext } from "./context";

const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Starts a reset: a single-use token valid for an hour, stored as its hash, sent as a link. The
 * caller answers the same way whether or not the email has an account; delivery runs in the
 * background so the response time does not tell either.
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  data: { email: string; address: string; origin: string },
): Promise<void> {
  const accountKey = data.email.trim().toLowerCase();
  const { resetAccount, resetAddress } = ctx.limits;
  const wait = Math.max(resetAccount.retryAfter(accountKey), resetAddress.retryAfter(data.address));
  if (wait > 0) throw rateLimited(wait);
  resetAccount.record(accountKey);
  resetAddress.record(data.address);

  const account = await findAccountByEmail(ctx.db, data.email);
  if (!account) return;
  const token = newToken();
  await ctx.db.insert(passwordResetTokens).values({
    userId: account.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(ctx.now().getTime() + RESET_TTL_MS),
  });
  const base = (ctx.config.PUBLIC_URL ?? data.origin).replace(/\/+$/, "");
  const link = `${base}/reset-password?token=${encodeURIComponent(token)}`;
  void deliverResetLink(ctx, account, link);
}

async function deliverResetLink(ctx: ServiceContext, account: AccountRow, link: string): Promise<void> {
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
  const results = await Promise.allSettled(attempts);
  for (const result of results) {
    if (result.status === "rejected") {
      ctx.log.warn("password reset delivery failed", { userId: account.id, error: String(result.reason) });
    }
  }
  if (!results.some((r) => r.status === "fulfilled")) {
    // The one place a secret token is written to the log, on purpose: with no mail server and no
    // bot (or both failing) the operator passes the link on. Nothing else may log tokens.
    ctx.log.info("password reset link for the operator to pass on", { email: account.email, link });
  }
}

/** Spends the token, sets the password and ends every session of the account. */
export async function confirmPasswordReset(
  ctx: ServiceContext,
  data: { token: string; password: string; address: string },
): Promise<void> {
  const { resetAddress } = ctx.limits;
  const wait = resetAddress.retryAfter(data.address);
  if (wait > 0) throw rateLimited(wait);
  const invalid = () => {
    resetAddress.record(data.address);
    return new AppError("bad_request", authMessages.resetLinkInvalid);
  };
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

  const passwordHash = await hashPassword(data.password);
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
}
