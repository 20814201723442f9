import { inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { executeRows } from "../../rows";
import { broadcasts, type OutboxKind, type OutboxState, profiles, users } from "../../schema";

export interface OutboxRowInput {
  kind: OutboxKind;
  userId: string | null;
  channel: "telegram" | "mail";
  chatId: bigint | null;
  payload: unknown;
  broadcastId?: string | null;
  dedupeKey?: string | null;
  /** "queued" to send; "unreachable" to count a recipient the bot may not write to, never attempted. */
  state?: Extract<OutboxState, "queued" | "unreachable">;
  nextAttemptAt?: Date;
}

/** Inserts the rows; a row whose dedupe key exists is skipped. Returns how many were inserted. */
export async function insertOutboxRows(db: Db, rows: OutboxRowInput[]): Promise<number> {
  if (rows.length === 0) return 0;
  // A paid broadcast's rows go at the paid pace (decision 104).
  const broadcastIds = [...new Set(rows.flatMap((row) => (row.broadcastId ? [row.broadcastId] : [])))];
  const paid = new Set(
    broadcastIds.length === 0
      ? []
      : (
          await db
            .select({ id: broadcasts.id, paid: broadcasts.paid })
            .from(broadcasts)
            .where(inArray(broadcasts.id, broadcastIds))
        ).flatMap((row) => (row.paid ? [row.id] : [])),
  );
  let count = 0;
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    count += await insertChunk(db, rows.slice(start, start + INSERT_CHUNK), paid);
  }
  return count;
}

/** Rows per INSERT: all of them travel as one JSON parameter. */
const INSERT_CHUNK = 5000;

/**
 * One INSERT … SELECT over the rows as a JSON array (one parameter, parsed by the database): a
 * gate's reconcile queues tens of thousands at once, which as VALUES cost seconds of parameters.
 */
async function insertChunk(db: Db, rows: OutboxRowInput[], paid: ReadonlySet<string>): Promise<number> {
  const json = JSON.stringify(
    rows.map((row) => ({
      kind: row.kind,
      user_id: row.userId,
      channel: row.channel,
      chat_id: row.chatId === null ? null : row.chatId.toString(),
      payload: row.payload,
      broadcast_id: row.broadcastId ?? null,
      paid: row.broadcastId ? paid.has(row.broadcastId) : false,
      dedupe_key: row.dedupeKey ?? null,
      state: row.state ?? "queued",
      next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    })),
  );
  const inserted = await executeRows<{ id: string }>(
    db,
    sql`
      insert into outbox (kind, user_id, channel, chat_id, payload, broadcast_id, paid, dedupe_key, state,
        done_at, next_attempt_at)
      select r.kind, r.user_id, r.channel, r.chat_id, r.payload, r.broadcast_id, r.paid, r.dedupe_key, r.state,
        case when r.state = 'unreachable' then now() end, coalesce(r.next_attempt_at, now())
      from jsonb_to_recordset(${json}::jsonb) as r(kind text, user_id uuid, channel text, chat_id bigint,
        payload jsonb, broadcast_id uuid, paid boolean, dedupe_key text, state text,
        next_attempt_at timestamptz)
      on conflict (dedupe_key) do nothing
      returning id`,
  );
  return inserted.length;
}

/**
 * Of payloads by language code ("en" always among them), the one in the member's stored language
 * (a row of profiles in the statement), else English.
 */
export function payloadInLanguage(payloads: Record<string, unknown>): SQL {
  const json = sql`${JSON.stringify(payloads)}::jsonb`;
  const code = sql`split_part(replace(lower(btrim(coalesce(${profiles.language}, ''))), '_', '-'), '-', 1)`;
  return sql`coalesce(${json} -> ${code}, ${json} -> 'en')`;
}

/** A segment's rows as one INSERT … SELECT: who, where each is reached, and what each gets. */
export interface SegmentRowsInput {
  kind: OutboxKind;
  /** The members, as a condition over users joined to profiles. */
  members: SQL;
  /** Where a member is reached, as conditions over the same join (enqueueSegment's reach rule). */
  byTelegram: SQL;
  byMail: SQL;
  /** The payload by language code ("en" always among them); a member gets theirs. */
  payloads: Record<string, unknown>;
  broadcastId: string;
  at: Date;
}

/**
 * One outbox row per member of a segment, in one statement (20,000 members in well under a second,
 * where rows sent one by one took ~0.5 s per thousand): queued for the bot's chat, for mail, or
 * recorded unreachable and never attempted. The dedupe key names broadcast and member, so a second
 * expansion adds nobody twice; a paid broadcast's rows are paid. Returns how many rows were made.
 */
export async function insertSegmentRows(tx: Db, input: SegmentRowsInput): Promise<number> {
  const at = sql`${input.at.toISOString()}::timestamptz`;
  const reachable = sql`(${input.byTelegram} or ${input.byMail})`;
  const [result] = await executeRows<{ made: number }>(
    tx,
    sql`
    with made as (
      insert into outbox (kind, user_id, channel, chat_id, payload, broadcast_id, paid, dedupe_key, state, done_at, next_attempt_at)
      select ${input.kind}, ${users.id},
             case when not ${input.byTelegram} and ${input.byMail} then 'mail' else 'telegram' end,
             case when not ${input.byTelegram} and ${input.byMail} then null else ${users.telegramId} end,
             ${payloadInLanguage(input.payloads)},
             ${input.broadcastId}::uuid,
             (select b.paid from broadcasts b where b.id = ${input.broadcastId}::uuid),
             ${input.kind} || ':' || ${input.broadcastId} || ':' || ${users.id}::text,
             case when ${reachable} then 'queued' else 'unreachable' end,
             case when ${reachable} then null else ${at} end,
             ${at}
      from ${users} inner join ${profiles} on ${profiles.id} = ${users.id}
      where ${input.members}
      on conflict (dedupe_key) do nothing
      returning 1
    )
    select count(*)::int as made from made`,
  );
  return Number(result?.made ?? 0);
}

/**
 * Cancels the queued chat_action rows of these calls (same action, chat and person): a later call
 * (a tag) replaces one not yet sent, so the calls for one person never go out of their order.
 */
export async function cancelQueuedActions(
  db: Db,
  calls: readonly { action: string; chatId: string; userId: string }[],
): Promise<void> {
  if (calls.length === 0) return;
  await executeRows(
    db,
    sql`
      update outbox o set state = 'cancelled', done_at = now(), last_error = 'replaced'
      from jsonb_to_recordset(${JSON.stringify(calls)}::jsonb) as c(action text, "chatId" text, "userId" text)
      where o.state = 'queued' and o.kind = 'chat_action' and o.payload ->> 'action' = c.action
        and o.payload ->> 'chatId' = c."chatId" and o.payload ->> 'userId' = c."userId"`,
  );
}
