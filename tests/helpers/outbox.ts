import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { OutboxMessage, OutboxPayload } from "#api/domain/messaging";
import type { Db } from "#db/client";
import { broadcasts, type OutboxKind, outbox, profiles, users } from "#db/schema/index";

let nextTelegramId = 7_000_000;

export interface TestRecipient {
  userId: string;
  telegramId: number;
}

/** Members the bot may write to (they started it), each with its own Telegram chat. */
export async function botMembers(
  db: Db,
  count: number,
  profile: Partial<typeof profiles.$inferInsert> = {},
): Promise<TestRecipient[]> {
  const members = Array.from({ length: count }, () => ({
    userId: randomUUID(),
    telegramId: nextTelegramId++,
  }));
  for (let start = 0; start < members.length; start += 2000) {
    const chunk = members.slice(start, start + 2000);
    await db.insert(users).values(chunk.map((m) => ({ id: m.userId, telegramId: BigInt(m.telegramId) })));
    await db
      .insert(profiles)
      .values(chunk.map((m) => ({ id: m.userId, ageVerified: true, botWritableAt: new Date(), ...profile })));
  }
  return members;
}

type Tuple<N extends number, T, R extends T[] = []> = R["length"] extends N ? R : Tuple<N, T, [...R, T]>;

/** `count` members as botMembers makes them, typed as a tuple for destructuring. */
export async function someBotMembers<N extends number>(
  db: Db,
  count: N,
  profile: Partial<typeof profiles.$inferInsert> = {},
): Promise<Tuple<N, TestRecipient>> {
  return (await botMembers(db, count, profile)) as Tuple<N, TestRecipient>;
}

/** An outbox message of `kind` to a member the bot reaches. */
export const toMember = (
  member: TestRecipient,
  kind: OutboxKind,
  payload: OutboxPayload,
  extra: Partial<OutboxMessage> = {},
): OutboxMessage => ({
  kind,
  userId: member.userId,
  reach: { telegramId: BigInt(member.telegramId), botWritable: true, verifiedEmail: null },
  payload,
  ...extra,
});

/** A broadcast being sent (status "sending"), as the broadcasts service leaves it before enqueueing. */
export async function sendingBroadcast(db: Db, options: { paid?: boolean; total?: number } = {}) {
  const [row] = await db
    .insert(broadcasts)
    .values({
      text: "News",
      segment: { kind: "all" },
      status: "sending",
      paid: options.paid ?? false,
      total: options.total ?? 0,
      startedAt: new Date(),
    })
    .returning({ id: broadcasts.id });
  if (!row) throw new Error("no broadcast");
  return row.id;
}

/** The outbox's rows by state. */
export async function outboxStates(db: Db, broadcastId?: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ state: outbox.state, n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(broadcastId ? eq(outbox.broadcastId, broadcastId) : undefined)
    .groupBy(outbox.state);
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
}
