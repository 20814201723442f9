import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { languages } from "#api/contracts/languages";
import { hashToken, limits, newToken, reserveAttempt } from "#api/domain/auth";
import type { OutboxPayload } from "#api/domain/messaging";
import {
  claimOrder,
  findAccountById,
  lockEmail,
  setPasswordHash,
  unlinkTelegram,
} from "#db/queries/accounts/accounts";
import { revokeUserSessions } from "#db/queries/auth/sessions";
import { payloadInLanguage } from "#db/queries/messaging/outbox";
import { botWritableSql } from "#db/queries/messaging/recipients";
import { executeRows } from "#db/rows";
import { passwordResetTokens, profiles, telegramLinkCodes, users } from "#db/schema/index";
import type { ServiceContext } from "../context";
import { serverText } from "../i18n/translate";
import { Refusal } from "../refusal";
import { proveEmail, tellProvenReachable } from "./email-verification";

const RESET_TTL_MS = 60 * 60 * 1000;

const publicBase = (ctx: ServiceContext) => ctx.config.PUBLIC_URL?.replace(/\/+$/, "");

const linkPath = (token: string) => `/reset-password?token=${encodeURIComponent(token)}`;

/** The link's mail (subject and text) and bot message in each language, by language code. */
function resetPayloads(link: string) {
  const mail: Record<string, OutboxPayload> = {};
  const bot: Record<string, OutboxPayload> = {};
  for (const language of languages) {
    mail[language] = {
      subject: serverText(language, "mail.resetSubject"),
      text: [
        serverText(language, "mail.resetAsked"),
        "",
        serverText(language, "mail.resetOpen", { link }),
        "",
        serverText(language, "mail.resetIgnore"),
      ].join("\n"),
    };
    bot[language] = { text: serverText(language, "notice.resetPassword", { link }) };
  }
  return { mail, bot };
}

/**
 * Starts a reset: a single-use token valid for an hour, stored as its hash, and the link queued
 * (kind password_reset) in the same statement. Both answers do the same work before replying,
 * whether or not the email has an account: one counted attempt and that one statement.
 *
 * The address leads to one account, in claimOrder. It is mailed only where the address speaks for
 * the account: the account proved it, or has no other way in (no Telegram); there opening the link
 * proves the address. An account giving an address it never proved, with a Telegram link, hears
 * through its bot only: the address's owner gets no way into a stranger's account. The token
 * records the address and the Telegram its link is queued for, and nothing else: the Telegram only
 * where the outbox reaches it (the bot runs and may write to the member, decision 106). A token
 * queued nowhere goes to the operator's log after the answer.
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  data: { email: string; address: string },
): Promise<void> {
  const email = data.email.trim().toLowerCase();
  await reserveAttempt(ctx.db, ctx.now(), [limits.resetAccount, email], [limits.resetAddress, data.address]);
  const token = newToken();
  // Built only from PUBLIC_URL, never from the request's Host header (the client chooses that).
  // Without PUBLIC_URL there is no mail or bot to send it (the configuration refuses them).
  const base = publicBase(ctx);
  const mailedTo =
    ctx.mailer && base
      ? sql`case when ${profiles.emailVerifiedAt} is not null or ${users.telegramId} is null then ${profiles.email} end`
      : sql`null`;
  const messagedTo =
    ctx.telegram.enabled && base ? sql`case when ${botWritableSql} then ${users.telegramId} end` : sql`null`;
  const issue = ctx.db
    .insert(passwordResetTokens)
    .select(
      ctx.db
        .select({
          id: sql`gen_random_uuid()`.as("id"),
          userId: profiles.id,
          tokenHash: sql`${hashToken(token)}`.as("token_hash"),
          email: mailedTo.as("email"),
          telegramId: messagedTo.as("telegram_id"),
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
  const payloads = resetPayloads(`${base}${linkPath(token)}`);
  // One row per channel the token records, so the token is bound to exactly what is queued.
  const [issued] = await executeRows<{ user_id: string; email: string | null; telegram_id: string | null }>(
    ctx.db,
    sql`with issued as (${issue.getSQL()}),
    queued as (
      insert into outbox (kind, user_id, channel, chat_id, payload)
      select 'password_reset', issued.user_id, 'mail', null,
             ${payloadInLanguage(payloads.mail)} || jsonb_build_object('to', issued.email)
      from issued inner join ${profiles} on ${profiles.id} = issued.user_id
      where issued.email is not null
      union all
      select 'password_reset', issued.user_id, 'telegram', issued.telegram_id, ${payloadInLanguage(payloads.bot)}
      from issued inner join ${profiles} on ${profiles.id} = issued.user_id
      where issued.telegram_id is not null
    )
    select user_id, email, telegram_id from issued`,
  );
  if (!issued || issued.email !== null || issued.telegram_id !== null) return;
  setImmediate(() => {
    logForOperator(ctx, issued.user_id, base, token).catch((error: unknown) =>
      ctx.log.warn("password reset delivery failed", { userId: issued.user_id, error: String(error) }),
    );
  });
}

/**
 * The one place a secret token is written to the log, on purpose: with neither mail nor the bot
 * reaching the account the operator passes the link on. Its token records no channel. Nothing else
 * may log tokens.
 */
async function logForOperator(
  ctx: ServiceContext,
  userId: string,
  base: string | undefined,
  token: string,
): Promise<void> {
  const account = await findAccountById(ctx.db, userId);
  if (!account) return;
  ctx.log.info("password reset link for the operator to pass on", {
    email: account.email,
    ...(base
      ? { link: `${base}${linkPath(token)}` }
      : { link: linkPath(token), note: "PUBLIC_URL is not set: open this path on the app's address" }),
  });
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
