import { sql } from "drizzle-orm";
import type { Db } from "../../client";
import { executeRows } from "../../rows";

/** A lane of the bot's pace: the free rate or the paid broadcasts' rate. */
export type PaceLane = "free" | "paid";

/**
 * Takes `count` consecutive send slots `intervalMs` apart from the lane's shared schedule (never
 * before `leadMs` from now, never in a pause). Returns how long until the first one, by the
 * database's clock, so processes on different machines agree.
 */
export async function reserveSlots(
  db: Db,
  lane: PaceLane,
  count: number,
  intervalMs: number,
  leadMs: number,
): Promise<number> {
  const span = count * intervalMs;
  const [row] = await executeRows<{ delay_ms: number | string }>(
    db,
    sql`
      insert into outbox_pace as p (lane, next_slot_at)
      values (${lane}, clock_timestamp() + ${leadMs + span} * interval '1 millisecond')
      on conflict (lane) do update
        set next_slot_at = greatest(p.next_slot_at, clock_timestamp() + ${leadMs} * interval '1 millisecond')
          + ${span} * interval '1 millisecond'
      returning extract(epoch from (p.next_slot_at - clock_timestamp())) * 1000 - ${span} as delay_ms`,
  );
  return Math.max(0, Number(row?.delay_ms ?? 0));
}

/**
 * A 429: no lane sends for `seconds` from now. Slots handed out before are void (every process gives
 * back the rows it has not called when it sees the pause): the next ones start at its end.
 */
export async function pauseAllLanes(db: Db, seconds: number): Promise<void> {
  await db.execute(sql`
    insert into outbox_pace as p (lane, next_slot_at, paused_until)
    select lane, clock_timestamp() + ${seconds} * interval '1 second', clock_timestamp() + ${seconds} * interval '1 second'
    from (values ('free'), ('paid')) as lanes(lane)
    on conflict (lane) do update set
      paused_until = greatest(coalesce(p.paused_until, excluded.paused_until), excluded.paused_until),
      next_slot_at = greatest(coalesce(p.paused_until, excluded.paused_until), excluded.paused_until)`);
}

/** Milliseconds until the pause ends (0: none). */
export async function pausedForMs(db: Db): Promise<number> {
  const [row] = await executeRows<{ ms: number | string | null }>(
    db,
    sql`select max(extract(epoch from (paused_until - clock_timestamp())) * 1000) as ms from outbox_pace`,
  );
  return Math.max(0, Number(row?.ms ?? 0));
}
