import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { profiles, users } from "../../schema";

/**
 * The one rule of who the bot may write to (decision 106): Telegram known, the bot allowed to write
 * (they started it, or a launch allowed it), and not blocked since. Over users joined to profiles.
 */
export const botWritableSql = sql<boolean>`(${users.telegramId} is not null and ${profiles.botWritableAt} is not null and ${profiles.botBlockedAt} is null)`;

/** A proven address, else null: the only one mail may go to. */
export const verifiedEmailSql = sql<
  string | null
>`case when ${profiles.emailVerifiedAt} is not null then ${profiles.email} end`;

/** A member as the outbox's enqueuers see them: where they can be reached, their language and switches. */
export interface Recipient {
  userId: string;
  telegramId: bigint | null;
  /** Started the bot or allowed it to write (bot_writable_at set) and has not blocked it since. */
  botWritable: boolean;
  /** The address, only once proven (email_verified_at set). */
  verifiedEmail: string | null;
  language: string | null;
  planReminders: boolean;
}

/** These members' reach, language and plan-reminder switch, by member (unknown ids are absent). */
export async function recipientsOf(db: Db, userIds: readonly string[]): Promise<Map<string, Recipient>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: users.id,
      telegramId: users.telegramId,
      botWritable: botWritableSql.mapWith(Boolean),
      verifiedEmail: verifiedEmailSql,
      language: profiles.language,
      planReminders: profiles.planReminders,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(
    rows.map((row) => [
      row.userId,
      {
        userId: row.userId,
        telegramId: row.telegramId,
        botWritable: row.botWritable,
        verifiedEmail: row.verifiedEmail || null,
        language: row.language,
        planReminders: row.planReminders,
      },
    ]),
  );
}
