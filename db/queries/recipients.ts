import { eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { profiles, users } from "../schema/index";

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
      botWritableAt: profiles.botWritableAt,
      botBlockedAt: profiles.botBlockedAt,
      email: profiles.email,
      emailVerifiedAt: profiles.emailVerifiedAt,
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
        botWritable: row.telegramId !== null && row.botWritableAt !== null && row.botBlockedAt === null,
        verifiedEmail: row.emailVerifiedAt !== null && row.email ? row.email : null,
        language: row.language,
        planReminders: row.planReminders,
      },
    ]),
  );
}
