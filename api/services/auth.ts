import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { addRole, findAccountByEmail } from "#db/queries/accounts";
import { credentials, profiles, users } from "#db/schema/index";
import type { TelegramIdentity } from "../auth/init-data";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../auth/passwords";
import { rateLimited } from "../auth/rate-limit";
import { startSession } from "../auth/sessions";
import { authMessages } from "../contracts/auth";
import type { Me } from "../contracts/me";
import { AppError } from "../errors";
import { loadMe } from "./account";
import type { ServiceContext } from "./context";
import { isUniqueViolation } from "./db-errors";

export interface IssuedSession {
  token: string;
  expiresAt: Date;
  user: Me;
}

async function issueSession(ctx: ServiceContext, userId: string): Promise<IssuedSession> {
  const { token, expiresAt } = await startSession(ctx.db, userId, ctx.now(), ctx.config.SESSION_TTL_DAYS);
  return { token, expiresAt, user: await loadMe(ctx.db, userId) };
}

/** ADMIN_EMAILS / ADMIN_TELEGRAM_IDS name the first admins; they get the role whenever they sign in. */
async function grantConfiguredAdmin(
  ctx: ServiceContext,
  db: Db,
  userId: string,
  who: { email?: string | null; telegramId?: bigint | null },
) {
  const byEmail = who.email && ctx.config.ADMIN_EMAILS.includes(who.email.trim().toLowerCase());
  const byTelegram =
    who.telegramId !== undefined &&
    who.telegramId !== null &&
    ctx.config.ADMIN_TELEGRAM_IDS.includes(who.telegramId.toString());
  if (byEmail || byTelegram) await addRole(db, userId, "admin");
}

export interface SignUpData {
  email: string;
  password: string;
  fullName?: string | undefined;
}

/** A web account: the sign-up form's age checkbox is the age verification. */
export async function signUp(ctx: ServiceContext, data: SignUpData): Promise<IssuedSession> {
  const exists = () => new AppError("conflict", authMessages.accountExists);
  if (await findAccountByEmail(ctx.db, data.email)) throw exists();
  const passwordHash = await hashPassword(data.password);
  let userId: string;
  try {
    userId = await ctx.db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values({}).returning({ id: users.id });
      if (!user) throw new Error("insert into users returned nothing");
      await tx.insert(profiles).values({
        id: user.id,
        email: data.email,
        fullName: data.fullName || null,
        ageVerified: true,
      });
      await tx.insert(credentials).values({ userId: user.id, passwordHash });
      await grantConfiguredAdmin(ctx, tx, user.id, { email: data.email });
      return user.id;
    });
  } catch (error) {
    // Two sign-ups with one email at once: the unique index decides, the loser hears the same answer.
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
  return issueSession(ctx, userId);
}

/** Email and password. Failures count per account and per client address. */
export async function logIn(
  ctx: ServiceContext,
  data: { email: string; password: string; address: string },
): Promise<IssuedSession> {
  const accountKey = data.email.trim().toLowerCase();
  const { loginAccount, loginAddress } = ctx.limits;
  const wait = Math.max(loginAccount.retryAfter(accountKey), loginAddress.retryAfter(data.address));
  if (wait > 0) throw rateLimited(wait);

  const account = await findAccountByEmail(ctx.db, data.email);
  let ok = false;
  if (account?.passwordHash) ok = await verifyPassword(account.passwordHash, data.password);
  else await burnPasswordCheck(data.password);
  if (!account || !ok) {
    loginAccount.record(accountKey);
    loginAddress.record(data.address);
    throw new AppError("unauthorized", authMessages.invalidCredentials);
  }
  loginAccount.reset(accountKey);
  await grantConfiguredAdmin(ctx, ctx.db, account.id, { email: account.email });
  return issueSession(ctx, account.id);
}

const fullNameOf = (identity: TelegramIdentity) =>
  [identity.firstName, identity.lastName].filter((part) => part?.trim()).join(" ") || null;

/**
 * Creates or refreshes the account behind a verified Telegram launch. The username always follows
 * Telegram; the name and photo fill only what the person has not set themselves (an uploaded
 * avatar lives under /media/ and is never replaced by the Telegram photo).
 */
export async function signInWithTelegram(
  ctx: ServiceContext,
  identity: TelegramIdentity,
): Promise<IssuedSession> {
  const fullName = fullNameOf(identity);
  const photo = identity.photoUrl ?? null;
  const userId = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ telegramId: identity.telegramId, telegramUsername: identity.username ?? null })
      .onConflictDoNothing({ target: users.telegramId })
      .returning({ id: users.id });
    let id: string;
    if (created) {
      id = created.id;
      await tx.insert(profiles).values({ id, fullName, avatarUrl: photo });
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
        .values({ id, fullName, avatarUrl: photo })
        .onConflictDoUpdate({
          target: profiles.id,
          set: {
            fullName: sql`coalesce(${profiles.fullName}, ${fullName})`,
            avatarUrl: sql`case when ${profiles.avatarUrl} like '/media/%' then ${profiles.avatarUrl} else coalesce(${photo}, ${profiles.avatarUrl}) end`,
          },
        });
    }
    await grantConfiguredAdmin(ctx, tx, id, { telegramId: identity.telegramId });
    return id;
  });
  return issueSession(ctx, userId);
}
