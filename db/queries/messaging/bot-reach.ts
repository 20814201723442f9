import { eq, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { profiles, users } from "../../schema";

/** The notification switches of Settings › Notifications, by column. */
export type NotificationSwitch = "newsMessages" | "planReminders" | "cartReminders";

const ofTelegram = (telegramId: bigint) =>
  sql`${profiles.id} = (select ${users.id} from ${users} where ${users.telegramId} = ${telegramId})`;

/** The member opened the bot: it may write to them again. Returns the account with that Telegram, if any. */
export async function markBotWritable(db: Db, telegramId: bigint): Promise<string | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ botWritableAt: sql`now()`, botBlockedAt: null })
    .where(ofTelegram(telegramId))
    .returning({ id: profiles.id });
  return row?.id;
}

/** Telegram answered 403: the member blocked the bot; nothing more is attempted until they open it again. */
export async function markBotBlocked(db: Db, userId: string): Promise<void> {
  await db.update(profiles).set({ botBlockedAt: sql`now()` }).where(eq(profiles.id, userId));
}

/** Turns one switch off for the account with that Telegram. Returns its stored language, or undefined: no account. */
export async function turnSwitchOff(
  db: Db,
  telegramId: bigint,
  which: NotificationSwitch,
): Promise<{ language: string | null } | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ [which]: false })
    .where(ofTelegram(telegramId))
    .returning({ language: profiles.language });
  return row;
}
