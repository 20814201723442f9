import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { DELETE_CONFIRMATION_WORD, type NotificationSettings } from "#api/contracts/account";
import { defaultLanguage, type Language, shippedLanguage } from "#api/contracts/languages";
import type { Me } from "#api/contracts/me";
import type { SessionUser } from "#api/domain/auth";
import { clearLimit, limits, reserveAttempt } from "#api/domain/auth";
import type { Db } from "#db/client";
import {
  type AccountRow,
  findAccountById,
  isEmailProven,
  lockEmail,
  rolesOf,
  setPasswordHash,
} from "#db/queries/accounts/accounts";
import { revokeUserSessions } from "#db/queries/auth/sessions";
import { profiles, users } from "#db/schema/index";
import type { ServiceContext } from "../context";
import { publish } from "../events";
import { Refusal } from "../refusal";
import { removeStoredAvatar } from "./avatar";
import { issueVerificationLink } from "./email-verification";
import { assertAdminRemains } from "./roles";

function toMe(row: AccountRow, roles: Me["roles"]): Me {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email !== null && row.emailVerifiedAt !== null,
    fullName: row.fullName,
    avatarUrl: row.avatarUrl,
    ageVerified: row.ageVerified,
    telegramId: row.telegramId === null ? null : row.telegramId.toString(),
    telegramUsername: row.telegramUsername,
    hasPassword: row.passwordHash !== null,
    orderEmails: row.orderEmails,
    newsMessages: row.newsMessages,
    planReminders: row.planReminders,
    cartReminders: row.cartReminders,
    botWritable: row.telegramId !== null && row.botWritable,
    language: shippedLanguage(row.language) ?? defaultLanguage,
    roles,
    createdAt: row.createdAt.toISOString(),
  };
}

async function requireAccount(db: Db, userId: string): Promise<AccountRow> {
  const row = await findAccountById(db, userId);
  // A deleted account's sessions go with it, so this is a race at most.
  if (!row) throw new Refusal("not_signed_in");
  return row;
}

export async function loadMe({ db }: Pick<ServiceContext, "db">, userId: string): Promise<Me> {
  return toMe(await requireAccount(db, userId), await rolesOf(db, userId));
}

/** Profiles exist for every account we create; the upsert covers rows made by hand. */
async function updateProfileRow(db: Db, userId: string, values: Partial<typeof profiles.$inferInsert>) {
  await db
    .insert(profiles)
    .values({ id: userId, ...values })
    .onConflictDoUpdate({ target: profiles.id, set: { ...values, updatedAt: sql`now()` } });
}

/** Edit Profile's name and Settings › Appearance's language: a chosen language is kept from then on. */
export async function updateProfile(
  { db, now }: Pick<ServiceContext, "db" | "now">,
  userId: string,
  changes: { fullName?: string | undefined; language?: Language | undefined },
): Promise<Me> {
  await updateProfileRow(db, userId, {
    ...(changes.fullName !== undefined && { fullName: changes.fullName || null }),
    ...(changes.language !== undefined && { language: changes.language, languageChosenAt: now() }),
  });
  return loadMe({ db }, userId);
}

/**
 * A sign-in's language (Telegram's `language_code`, or the browser's): stored until the person
 * chooses one in Settings, so the bot and mail speak it before the app is opened again.
 */
export async function noteSignInLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db
    .update(profiles)
    .set({ language })
    .where(
      and(
        eq(profiles.id, userId),
        isNull(profiles.languageChosenAt),
        or(isNull(profiles.language), ne(profiles.language, language)),
      ),
    );
}

/**
 * Settings → Notifications: "Email me about orders", news from the shop, plan reminders and cart
 * reminders; the switches named change, the others stay.
 */
export async function setNotifications(
  { db }: Pick<ServiceContext, "db">,
  userId: string,
  switches: NotificationSettings,
): Promise<Me> {
  const { orderEmails, newsMessages, planReminders, cartReminders } = switches;
  await updateProfileRow(db, userId, {
    ...(orderEmails !== undefined && { orderEmails }),
    ...(newsMessages !== undefined && { newsMessages }),
    ...(planReminders !== undefined && { planReminders }),
    ...(cartReminders !== undefined && { cartReminders }),
  });
  return loadMe({ db }, userId);
}

/**
 * The member said yes to Telegram's "allow the bot to message you" (requestWriteAccess in the Mini
 * App): their own consent for their own chat, so the bot may write from now on. A block the bot
 * met since stays until they open the bot again (a later 403 marks them blocked anyway). An
 * account without Telegram has no chat: refused.
 */
export async function allowBotMessages(
  { db, now }: Pick<ServiceContext, "db" | "now">,
  userId: string,
): Promise<Me> {
  const account = await requireAccount(db, userId);
  if (account.telegramId === null) throw new Refusal("telegram_not_linked");
  await updateProfileRow(db, userId, { botWritableAt: now() });
  return loadMe({ db }, userId);
}

/** The age gate: "I confirm I am 21 years or older". */
export async function confirmAge({ db }: Pick<ServiceContext, "db">, userId: string): Promise<Me> {
  await updateProfileRow(db, userId, { ageVerified: true });
  return loadMe({ db }, userId);
}

export interface ChangePasswordData {
  currentPassword?: string | undefined;
  newPassword: string;
  email?: string | undefined;
}

/**
 * Unlike the original (which never checked it), the current password must be right. A
 * Telegram-only account has none: it sets a first one, with an email to sign in on the web.
 * Other sessions end; the one making the change stays.
 */
export async function changePassword(ctx: ServiceContext, user: SessionUser, data: ChangePasswordData) {
  const account = await requireAccount(ctx.db, user.userId);
  if (account.passwordHash) {
    // Like a login: a place in the password queue, then the guess counted before argon2 runs; a
    // right guess starts the count again.
    const counter = [limits.passwordChange, account.id] as const;
    const place = ctx.passwords.queue.enter();
    try {
      await reserveAttempt(ctx.db, ctx.now(), counter);
      const ok = data.currentPassword
        ? await ctx.passwords.verify(account.passwordHash, data.currentPassword, place)
        : false;
      if (!ok) throw new Refusal("wrong_current_password");
    } finally {
      place.leave();
    }
    await clearLimit(ctx.db, counter);
    const hash = await ctx.passwords.hash(data.newPassword);
    await ctx.db.transaction(async (tx) => {
      await setPasswordHash(tx, account.id, hash);
      await revokeUserSessions(tx, account.id, ctx.now(), user.sessionId);
    });
    return loadMe(ctx, account.id);
  }

  const email = account.email ?? data.email;
  if (!email) throw new Refusal("email_required_for_password");
  // Only an address another account proved is taken; an unproven claim on it stops nobody.
  const taken = () => new Refusal("email_taken");
  if (!account.email && (await isEmailProven(ctx.db, email))) throw taken();
  const hash = await ctx.passwords.hash(data.newPassword);
  await ctx.db.transaction(async (tx) => {
    if (!account.email) {
      await lockEmail(tx, email);
      // Proven while the password was hashed: taken after all.
      if (await isEmailProven(tx, email)) throw taken();
      await updateProfileRow(tx, account.id, { email });
    }
    await setPasswordHash(tx, account.id, hash);
    await revokeUserSessions(tx, account.id, ctx.now(), user.sessionId);
  });
  // The attached email is unproven (no role from ADMIN_EMAILS) until its owner opens the link.
  if (!account.email) await issueVerificationLink(ctx, account.id, email);
  return loadMe(ctx, account.id);
}

const normalise = (text: string) => text.trim().toLowerCase();

/**
 * Deletes the account for real, in one transaction: the users row, and with it (by the foreign
 * keys) profile, credentials, sessions, roles, tokens, reactions and spending. Orders stay without
 * their buyer (user_id set null) and the person's channel messages lose their author. The avatar
 * file goes after the commit, so a rollback never leaves a profile pointing at nothing.
 *
 * Confirmation: the account's email, ignoring case and spaces around it. A
 * Telegram-only account has no email to type, so it types DELETE instead (any case).
 */
export async function deleteAccount(
  ctx: ServiceContext,
  userId: string,
  confirmation: string,
): Promise<void> {
  const account = await requireAccount(ctx.db, userId);
  if (account.email) {
    if (normalise(confirmation) !== normalise(account.email)) {
      throw new Refusal("delete_email_mismatch");
    }
  } else if (normalise(confirmation) !== DELETE_CONFIRMATION_WORD.toLowerCase()) {
    throw new Refusal("delete_word_mismatch");
  }
  await ctx.db.transaction(async (tx) => {
    // The same rule as a demotion: the last admin stays.
    await assertAdminRemains(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));
    await publish(ctx, tx, "accountDeleted", { telegramId: account.telegramId });
  });
  if (account.avatarUrl) await removeStoredAvatar(ctx, userId, account.avatarUrl);
}
