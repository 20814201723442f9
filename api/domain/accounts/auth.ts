import { eq, sql } from "drizzle-orm";
import { referralCodeOfStartParam } from "#api/contracts/app-links";
import type { Language } from "#api/contracts/languages";
import type { Me } from "#api/contracts/me";
import type { TelegramIdentity } from "#api/domain/auth";
import {
  clearLimit,
  launchSessionToken,
  limits,
  liveSessionEnd,
  mailboxKeys,
  notePersonSeen,
  personKeys,
  reserveAttempt,
  startSession,
} from "#api/domain/auth";
import { type AccountRow, emailClaimants, isEmailTaken, lockEmail } from "#db/queries/accounts/accounts";
import { credentials, profiles, users } from "#db/schema/index";
import type { ServiceContext } from "../context";
import { publish } from "../events";
import { Refusal } from "../refusal";
import { loadMe, noteSignInLanguage } from "./account";
import { grantConfiguredAdmin } from "./configured-admins";
import { issueVerificationLink } from "./email-verification";

export interface IssuedSession {
  token: string;
  expiresAt: Date;
  user: Me;
}

/**
 * A new session, or with `token` the live one it names (a replayed Telegram launch); the sign-in's
 * language is noted on the profile unless the person chose one.
 */
async function issueSession(
  ctx: ServiceContext,
  userId: string,
  language: Language,
  token?: string,
): Promise<IssuedSession> {
  await noteSignInLanguage(ctx.db, userId, language);
  const session = await startSession(ctx.db, userId, ctx.now(), ctx.config.SESSION_TTL_DAYS, token);
  return { ...session, user: await loadMe(ctx, userId) };
}

export interface SignUpData {
  email: string;
  password: string;
  fullName?: string | undefined;
  /** The browser's language (Accept-Language, which the Mini App sets to its own). */
  language: Language;
  /** The referral link's code the person arrived through (decision 114); an unknown one is ignored. */
  referralCode?: string | undefined;
}

/**
 * A web account: the sign-up form's age checkbox is the age verification. An email is taken once
 * an account proved it or a web sign-up claimed it (decision 097's amendment): this sign-up claims
 * it, and the unique index on taken addresses refuses a second claim even when two sign-ups run at
 * once. A Telegram member's unproven address stops nobody. Every attempt counts against the
 * address, made or not: "already registered" tells whether an email is taken.
 */
export async function signUp(
  ctx: ServiceContext,
  data: SignUpData & { address: string },
): Promise<IssuedSession> {
  const exists = () => new Refusal("account_exists");
  // A place in the password queue first: when it is full the refusal (server_busy) comes before any other work.
  const place = ctx.passwords.queue.enter();
  let passwordHash: string;
  try {
    await reserveAttempt(ctx.db, ctx.now(), [limits.signUpAddress, data.address]);
    if (await isEmailTaken(ctx.db, data.email)) throw exists();
    passwordHash = await ctx.passwords.hash(data.password, place);
  } finally {
    place.leave();
  }
  const userId = await ctx.db.transaction(async (tx) => {
    // Claims and proofs of one address take turns: a proof never meets a claim made meanwhile.
    await lockEmail(tx, data.email);
    const [user] = await tx.insert(users).values({}).returning({ id: users.id });
    if (!user) throw new Error("insert into users returned nothing");
    // Taken while the password was hashed (proven or claimed): the index answers, nothing is made.
    const [claimed] = await tx
      .insert(profiles)
      .values({
        id: user.id,
        email: data.email,
        emailClaimedAt: ctx.now(),
        fullName: data.fullName || null,
        ageVerified: true,
      })
      .onConflictDoNothing()
      .returning({ id: profiles.id });
    if (!claimed) throw exists();
    await tx.insert(credentials).values({ userId: user.id, passwordHash });
    // The address is unproven: its mailbox may only withhold a referral (decision 115).
    await publish(ctx, tx, "accountCreated", {
      userId: user.id,
      referralCode: data.referralCode,
      personKeys: await mailboxKeys(tx, data.email),
    });
    // No role from ADMIN_EMAILS yet: typing an address proves nothing until its link is opened.
    return user.id;
  });
  // The session notes the language first: the link's mail is rendered in it.
  const session = await issueSession(ctx, userId, data.language);
  await issueVerificationLink(ctx, userId, data.email);
  return session;
}

/**
 * Email and password. An address an account proved leads only to that account; an address nobody
 * proved leads to whichever account giving it has this password (in claimOrder), never to another
 * claimant's. The attempt is counted before argon2 runs (per account and address, per address, per
 * account) and taken back when it succeeds, which also starts its (account, address) count again.
 * A place in the password queue comes first: when it is full the refusal is server_busy before any
 * other work.
 */
export async function logIn(
  ctx: ServiceContext,
  data: { email: string; password: string; address: string; language: Language },
): Promise<IssuedSession> {
  const email = data.email.trim().toLowerCase();
  const pair = [limits.loginPair, `${email}\n${data.address}`] as const;
  const place = ctx.passwords.queue.enter();
  let accountId: string;
  try {
    const attempt = await reserveAttempt(
      ctx.db,
      ctx.now(),
      pair,
      [limits.loginAddress, data.address],
      [limits.loginAccount, email],
    );
    const claimants = await emailClaimants(ctx.db, data.email);
    const candidates = claimants[0]?.emailVerifiedAt ? claimants.slice(0, 1) : claimants;
    let account: AccountRow | undefined;
    let checked = false;
    for (const candidate of candidates) {
      if (!candidate.passwordHash) continue;
      // The place taken first serves the first check; each further claimant queues anew.
      const ok = await ctx.passwords.verify(
        candidate.passwordHash,
        data.password,
        checked ? undefined : place,
      );
      checked = true;
      if (ok) {
        account = candidate;
        break;
      }
    }
    if (!checked) await ctx.passwords.burn(data.password, place);
    if (!account) throw new Refusal("invalid_credentials");
    await attempt.release();
    await clearLimit(ctx.db, pair);
    await grantConfiguredAdmin(ctx, ctx.db, account.id, {
      email: account.email,
      emailVerified: account.emailVerifiedAt !== null,
    });
    accountId = account.id;
  } finally {
    place.leave();
  }
  return issueSession(ctx, accountId, data.language);
}

const fullNameOf = (identity: TelegramIdentity) =>
  [identity.firstName, identity.lastName].filter((part) => part?.trim()).join(" ") || null;

/**
 * Creates or refreshes the account behind a verified Telegram launch, and signs in with the
 * launch's own session: replays of one initData resume it rather than piling up sessions. The username always follows
 * Telegram; the name and photo fill only what the person has not set themselves (an uploaded
 * avatar lives under /media/ and is never replaced by the Telegram photo). A launch that says
 * `allows_write_to_pm` lets the bot write to the member from now on (bot_writable_at); one that
 * does not takes nothing away (the member may have started the bot), and a block the bot met stays
 * until the member opens the bot again. A new account is attributed to the member whose referral
 * link brought it (the launch's `ref_<code>`, else the web's code).
 */
export async function signInWithTelegram(
  ctx: ServiceContext,
  identity: TelegramIdentity,
  webReferralCode?: string,
): Promise<IssuedSession> {
  const botToken = ctx.config.BOT_TOKEN;
  if (!botToken) throw new Error("a verified Telegram launch without BOT_TOKEN");
  const launchToken = launchSessionToken(botToken, identity.launchHash);
  // A replay of a launch already signed in changes nothing: its session carries on.
  const resumed = await liveSessionEnd(ctx.db, launchToken, ctx.now());
  if (resumed) {
    return { token: launchToken, expiresAt: resumed.expiresAt, user: await loadMe(ctx, resumed.userId) };
  }
  const fullName = fullNameOf(identity);
  const photo = identity.photoUrl ?? null;
  const writable = identity.allowsWriteToPm ? ctx.now() : null;
  const userId = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ telegramId: identity.telegramId, telegramUsername: identity.username ?? null })
      .onConflictDoNothing({ target: users.telegramId })
      .returning({ id: users.id });
    let id: string;
    if (created) {
      id = created.id;
      await tx.insert(profiles).values({ id, fullName, avatarUrl: photo, botWritableAt: writable });
      // Only the transaction that creates the account tells of it (a referral is attributed then,
      // decision 114, only to a person never seen before), and the person is seen from now on (decision 115).
      const person = { telegramId: identity.telegramId };
      await publish(ctx, tx, "accountCreated", {
        userId: id,
        // The launch's `ref_<code>`, else the web's code.
        referralCode: referralCodeOfStartParam(identity.startParam) ?? webReferralCode,
        personKeys: await personKeys(tx, person),
      });
      await notePersonSeen(tx, person, ctx.now());
    } else {
      const [existing] = await tx
        .update(users)
        .set({ telegramUsername: identity.username ?? null })
        .where(eq(users.telegramId, identity.telegramId))
        .returning({ id: users.id });
      if (!existing) throw new Error("telegram user vanished during sign-in");
      id = existing.id;
      await tx
        .insert(profiles)
        .values({ id, fullName, avatarUrl: photo, botWritableAt: writable })
        .onConflictDoUpdate({
          target: profiles.id,
          set: {
            fullName: sql`coalesce(${profiles.fullName}, ${fullName})`,
            botWritableAt: sql`coalesce(${writable?.toISOString() ?? null}::timestamptz, ${profiles.botWritableAt})`,
            avatarUrl: sql`case when ${profiles.avatarUrl} like '/media/%' then ${profiles.avatarUrl} else coalesce(${photo}, ${profiles.avatarUrl}) end`,
          },
        });
    }
    await grantConfiguredAdmin(ctx, tx, id, { telegramId: identity.telegramId });
    return id;
  });
  return issueSession(ctx, userId, identity.language, launchToken);
}
