import { and, eq, gt, isNull } from "drizzle-orm";
import type { TelegramLink } from "#api/contracts/account";
import { hashToken, newToken, notePersonSeen } from "#api/domain/auth";
import type { Db } from "#db/client";
import { findAccountById, findAccountByTelegramId } from "#db/queries/accounts/accounts";
import { profiles, telegramLinkCodes, users } from "#db/schema/index";
import { requireBot } from "../bot-needed";
import type { ServiceContext } from "../context";
import { isUniqueViolation } from "../db-errors";
import { Refusal } from "../refusal";

const LINK_TTL_MS = 15 * 60 * 1000;
/** The deep-link payload prefix: /start link_<code>. Telegram allows 64 characters of A-Z a-z 0-9 _ -. */
export const LINK_PREFIX = "link_";

/**
 * A one-time deep link that joins this web account to whoever opens it in Telegram; refused while
 * the bot cannot answer it, saying why (bot_not_running, decision 121).
 */
export async function createTelegramLink(
  ctx: Pick<ServiceContext, "db" | "now" | "telegram" | "bot">,
  userId: string,
): Promise<TelegramLink> {
  const account = await findAccountById(ctx.db, userId);
  if (account?.telegramId != null) throw new Refusal("telegram_already_linked");
  requireBot(ctx);
  const bot = ctx.telegram.botUsername;
  if (!bot) throw new Error("a bot that can act has a username (getMe answered)");
  // 16 bytes: 22 characters, 128 bits, well inside Telegram's 64-character start parameter.
  const code = newToken(16);
  const expiresAt = new Date(ctx.now().getTime() + LINK_TTL_MS);
  await ctx.db.insert(telegramLinkCodes).values({ userId, codeHash: hashToken(code), expiresAt });
  return { url: `https://t.me/${bot}?start=${LINK_PREFIX}${code}`, expiresAt: expiresAt.toISOString() };
}

export type LinkOutcome =
  | { result: "linked"; userId: string; language: string | null }
  | { result: "already-linked"; userId: string }
  | { result: "invalid" }
  | { result: "telegram-taken" }
  | { result: "account-taken" };

/**
 * Redeems a code for the Telegram user who sent it. The code is spent only when the link is made
 * (or was already there), so a refusal can be fixed and the same link tried again.
 */
export async function redeemTelegramLink(
  ctx: { db: Db; now: () => Date },
  data: { code: string; telegramId: bigint; username: string | undefined },
): Promise<LinkOutcome> {
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx): Promise<LinkOutcome> => {
      const [code] = await tx
        .select({ id: telegramLinkCodes.id, userId: telegramLinkCodes.userId })
        .from(telegramLinkCodes)
        .where(
          and(
            eq(telegramLinkCodes.codeHash, hashToken(data.code)),
            isNull(telegramLinkCodes.usedAt),
            gt(telegramLinkCodes.expiresAt, now),
          ),
        )
        .for("update");
      if (!code) return { result: "invalid" };
      const account = await findAccountById(tx, code.userId);
      if (!account) return { result: "invalid" };
      const spend = () =>
        tx.update(telegramLinkCodes).set({ usedAt: now }).where(eq(telegramLinkCodes.id, code.id));

      if (account.telegramId === data.telegramId) {
        await spend();
        return { result: "already-linked", userId: account.id };
      }
      if (account.telegramId !== null) return { result: "account-taken" };
      const owner = await findAccountByTelegramId(tx, data.telegramId);
      if (owner) return { result: "telegram-taken" };

      await tx
        .update(users)
        .set({ telegramId: data.telegramId, telegramUsername: data.username ?? null })
        .where(eq(users.id, account.id));
      // An unproven address leads a reset only to this Telegram from now on, so it no longer keeps
      // other sign-ups out (decision 097): whoever proves it first keeps it.
      await tx.update(profiles).set({ emailClaimedAt: null }).where(eq(profiles.id, account.id));
      await notePersonSeen(tx, { telegramId: data.telegramId }, now);
      await spend();
      return { result: "linked", userId: account.id, language: account.language };
    });
  } catch (error) {
    // Someone else took this Telegram id between our check and the update.
    if (isUniqueViolation(error)) return { result: "telegram-taken" };
    throw error;
  }
}
