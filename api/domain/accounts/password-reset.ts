import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Language } from "#api/contracts/languages";
import { hashToken, limits, newToken, reserveAttempt } from "#api/domain/auth";
import { recipientLanguage } from "#api/domain/messaging";
import {
  claimOrder,
  findAccountById,
  lockEmail,
  setPasswordHash,
  unlinkTelegram,
} from "#db/queries/accounts/accounts";
import { revokeUserSessions } from "#db/queries/auth/sessions";
import { passwordResetTokens, profiles, telegramLinkCodes, users } from "#db/schema/index";
import type { ServiceContext } from "../context";
import { serverText } from "../i18n/translate";
import { Refusal } from "../refusal";
import { proveEmail, tellProvenReachable } from "./email-verification";

const RESET_TTL_MS = 60 * 60 * 1000;

/** Where a reset link went: the address mailed, the Telegram messaged; neither for the operator. */
interface IssuedReset {
  userId: string;
  email: string | null;
  telegramId: bigint | null;
}

const publicBase = (ctx: ServiceContext) => ctx.config.PUBLIC_URL?.replace(/\/+$/, "");

/**
 * Starts a reset: a single-use token valid for an hour, stored as its hash, sent as a link. Both
 * answers do the same work before replying, whether or not the email has an account: one counted
 * attempt and one statement that stores a token for the account if there is one. Finding the
 * recipient and delivering happen after the answer.
 *
 * The address leads to one account, in claimOrder. It is mailed only where the address speaks for
 * the account: the account proved it, or has no other way in (no Telegram); there opening the link
 * proves the address. An account giving an address it never proved, with a Telegram link, hears
 * through its bot only: the address's owner gets no way into a stranger's account.
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  data: { email: string; address: string },
): Promise<void> {
  const email = data.email.trim().toLowerCase();
  await reserveAttempt(ctx.db, ctx.now(), [limits.resetAccount, email], [limits.resetAddress, data.address]);
  const token = newToken();
  const mails = ctx.mailer !== undefined && publicBase(ctx) !== undefined;
  const mailedTo = mails
    ? sql`case when ${profiles.emailVerifiedAt} is not null or ${users.telegramId} is null then ${profiles.email} end`
    : sql`null`;
  const [issued] = await ctx.db
    .insert(passwordResetTokens)
    .select(
      ctx.db
        .select({
          id: sql`gen_random_uuid()`.as("id"),
          userId: profiles.id,
          tokenHash: sql`${hashToken(token)}`.as("token_hash"),
          email: mailedTo.as("email"),
          telegramId: (ctx.telegram.enabled ? sql`${users.telegramId}` : sql`null`).as("telegram_id"),
          createdAt: sql`now()`.as("created_at"),
          expiresAt: sql`${new Date(ctx.now().getTime() + RESET_TTL_MS).toISOString()}::timestamptz`.as(
            "expires_at",
          ),
          usedAt: sql`null`.as("used_at"),
        })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.id))
        .where(sql`lower(${profiles.email}) = ${email}`)
        .orderBy(...claimOrder)
        .limit(1),
    )
    .returning({
      userId: passwordResetTokens.userId,
      email: passwordResetTokens.email,
      telegramId: passwordResetTokens.telegramId,
    });
  if (!issued) return;
  setImmediate(() => {
    deliverResetLink(ctx, issued, token).catch((error: unknown) =>
      ctx.log.warn("password reset delivery failed", { userId: issued.userId, error: String(error) }),
    );
  });
}

async function deliverResetLink(ctx: ServiceContext, issued: IssuedReset, token: string): Promise<void> {
  const account = await findAccountById(ctx.db, issued.userId);
  if (!account) return;
  // Built only from PUBLIC_URL, never from the request's Host header (the client chooses that).
  // Without PUBLIC_URL there is no mail or bot to send it (the configuration refuses them).
  const base = publicBase(ctx);
  const link = (secret: string) => `/reset-password?token=${encodeURIComponent(secret)}`;
  const language = recipientLanguage(account.language);
  const results = await Promise.allSettled(
    base ? sendResetLink(ctx, issued, language, `${base}${link(token)}`) : [],
  );
  for (const result of results) {
    if (result.status === "rejected") {
      ctx.log.warn("password reset delivery failed", { userId: account.id, error: String(result.reason) });
    }
  }
  if (!results.some((r) => r.status === "fulfilled")) {
    // A link the operator passes on proves neither an address nor a Telegram: one of its own.
    const operatorToken =
      issued.email || issued.telegramId !== null ? await issueOperatorToken(ctx, account.id) : token;
    // The one place a secret token is written to the log, on purpose: with no mail server and no
    // bot (or both failing) the operator passes the link on. Nothing else may log tokens.
    ctx.log.info("password reset link for the operator to pass on", {
      email: account.email,
      ...(base
        ? { link: `${base}${link(operatorToken)}` }
        : { link: link(operatorToken), note: "PUBLIC_URL is not set: open this path on the app's address" }),
    });
  }
}

async function issueOperatorToken(ctx: ServiceContext, userId: string): Promise<string> {
  const token = newToken();
  await ctx.db.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(ctx.now().getTime() + RESET_TTL_MS),
  });
  return token;
}

/** The link by mail and through the bot, in the account's language. */
function sendResetLink(
  ctx: ServiceContext,
  issued: IssuedReset,
  language: Language,
  link: string,
): Promise<unknown>[] {
  const attempts: Promise<unknown>[] = [];
  if (ctx.mailer && issued.email) {
    attempts.push(
      ctx.mailer.send({
        to: issued.email,
        subject: serverText(language, "mail.resetSubject"),
        text: [
          serverText(language, "mail.resetAsked"),
          "",
          serverText(language, "mail.resetOpen", { link }),
          "",
          serverText(language, "mail.resetIgnore"),
        ].join("\n"),
      }),
    );
  }
  if (ctx.telegram.enabled && issued.telegramId !== null) {
    attempts.push(
      ctx.telegram.sendMessage(issued.telegramId, serverText(language, "notice.resetPassword", { link })),
    );
  }
  return attempts;
}

/**
 * Spends the token, sets the password and ends every session of the account and its pending
 * Telegram link codes. A mailed link proves the address it went to, while that is still the
 * account's email (proveEmail: another account's unproven claim on it goes). On an account whose
 * email was never proven, a Telegram link may be a stranger's: it ends too, unless this link came
 * through that Telegram.
 */
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
    const [spent] = await tx.update(passwordResetTokens).set({ usedAt: now }).where(live(now)).returning({
      userId: passwordResetTokens.userId,
      email: passwordResetTokens.email,
      telegramId: passwordResetTokens.telegramId,
    });
    if (!spent) return undefined;
    // Under the address's lock, so a proof of it made meanwhile is seen.
    if (spent.email) await lockEmail(tx, spent.email);
    const account = await findAccountById(tx, spent.userId);
    if (!account) return undefined;
    const provenBefore = account.emailVerifiedAt !== null;
    if (spent.email && !(await proveEmail(ctx, tx, account.id, spent.email, now))) return undefined;
    if (!provenBefore && account.telegramId !== null && spent.telegramId !== account.telegramId) {
      await unlinkTelegram(tx, account.id);
    }
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, account.id), isNull(passwordResetTokens.usedAt)));
    await tx
      .update(telegramLinkCodes)
      .set({ usedAt: now })
      .where(and(eq(telegramLinkCodes.userId, account.id), isNull(telegramLinkCodes.usedAt)));
    await setPasswordHash(tx, account.id, passwordHash);
    await revokeUserSessions(tx, account.id, now);
    return account.id;
  });
  if (!userId) throw invalid();
  await attempt.release();
  tellProvenReachable(ctx, userId);
}
