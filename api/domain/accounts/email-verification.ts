import { and, eq, gt, isNull } from "drizzle-orm";
import { hashToken, limits, newToken, notePersonSeen, reserveAttempt } from "#api/domain/auth";
import { enqueue, recipientLanguage } from "#api/domain/messaging";
import type { Db } from "#db/client";
import { findAccountById, lockEmail, markEmailProven } from "#db/queries/accounts/accounts";
import { emailVerificationTokens } from "#db/schema/index";
import type { ServiceContext } from "../context";
import { publish } from "../events";
import { serverText } from "../i18n/translate";
import { Refusal } from "../refusal";
import { grantConfiguredAdmin } from "./configured-admins";

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Stores a single-use token for `email` (its hash, valid for a day) and queues the link's mail to
 * that address (kind email_verification) in the same transaction, in the account's stored language.
 * Only with a mailer: a link is only proof when it reaches the address itself. Sign-up and
 * attaching an email call it at once; "Send link" through requestEmailVerification.
 */
export async function issueVerificationLink(
  ctx: ServiceContext,
  userId: string,
  email: string,
): Promise<void> {
  // The configuration requires PUBLIC_URL with SMTP_URL; links are built only from it.
  const base = ctx.config.PUBLIC_URL?.replace(/\/+$/, "");
  if (!ctx.mailer || !base) return;
  const token = newToken();
  const link = `${base}/verify-email?token=${encodeURIComponent(token)}`;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(emailVerificationTokens).values({
      userId,
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(ctx.now().getTime() + VERIFY_TTL_MS),
    });
    const language = recipientLanguage((await findAccountById(tx, userId))?.language);
    await enqueue(tx, [
      {
        kind: "email_verification",
        userId,
        // To the address the link proves, proven or not: never the bot's chat.
        reach: { telegramId: null, botWritable: false, verifiedEmail: null },
        payload: {
          to: email,
          subject: serverText(language, "mail.verifySubject"),
          text: [
            serverText(language, "mail.verifyOpen"),
            link,
            "",
            serverText(language, "mail.verifyIgnore"),
          ].join("\n"),
        },
      },
    ]);
  });
}

/** "Send link": a new link for the signed-in account's email, counted per account. */
export async function requestEmailVerification(ctx: ServiceContext, userId: string): Promise<void> {
  const account = await findAccountById(ctx.db, userId);
  if (!account) throw new Refusal("not_signed_in");
  if (!account.email) throw new Refusal("no_email");
  if (account.emailVerifiedAt) {
    throw new Refusal("email_already_verified");
  }
  if (!ctx.mailer || !ctx.config.PUBLIC_URL) {
    throw new Refusal("mail_not_configured");
  }
  await reserveAttempt(ctx.db, ctx.now(), [limits.verifyEmailAccount, account.id]);
  await issueVerificationLink(ctx, account.id, account.email);
}

/**
 * Proves `email` for the account while it is still the account's email: whoever proves an address
 * first keeps it, and every other account's unproven claim on it is dropped in the same
 * transaction; then ADMIN_EMAILS may make the account an admin. False when the account gives
 * another address. Of two proofs at once the second finds its claim dropped (lockEmail), and the
 * unique index on proven addresses refuses a second proof all the same.
 */
export async function proveEmail(
  ctx: Pick<ServiceContext, "config">,
  tx: Db,
  userId: string,
  email: string,
  now: Date,
): Promise<boolean> {
  await lockEmail(tx, email);
  const proven = await markEmailProven(tx, userId, email, now);
  if (!proven) return false;
  await notePersonSeen(tx, { email: proven, emailVerifiedAt: now }, now);
  await grantConfiguredAdmin(ctx, tx, userId, { email: proven, emailVerified: true });
  return true;
}

/** A proven address reaches the member: what waited for a way to reach them may go (the memberReachable event). */
export function tellProvenReachable(ctx: ServiceContext, userId: string): void {
  ctx.background.run("member reachable", () => publish(ctx, ctx.db, "memberReachable", { userId }));
}

/**
 * Spends the token and proves the email (proveEmail), if it is still the account's email. No
 * session needed: the link is the proof.
 */
export async function confirmEmailVerification(
  ctx: ServiceContext,
  data: { token: string; address: string },
): Promise<void> {
  // Counted before the lookup; a token that works is taken back, a wrong one stays counted.
  const attempt = await reserveAttempt(ctx.db, ctx.now(), [limits.verifyEmailConfirmAddress, data.address]);
  const now = ctx.now();
  const verified = await ctx.db.transaction(async (tx) => {
    // The conditional update is what makes the token single-use, even for two requests at once.
    const [spent] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashToken(data.token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
    if (!spent) return undefined;
    // A link proves the address it was mailed to, and only while that is still the account's email.
    if (!(await proveEmail(ctx, tx, spent.userId, spent.email, now))) return undefined;
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.userId, spent.userId), isNull(emailVerificationTokens.usedAt)));
    return spent.userId;
  });
  if (!verified) throw new Refusal("verify_link_invalid");
  await attempt.release();
  tellProvenReachable(ctx, verified);
}
