import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { executeRows } from "../rows";

/** A lane of the bot's pace: the free rate or the paid broadcasts' rate. */
export type PaceLane = "free" | "paid";

/**
 * Gives the lane's ring `size` slots (its rate), each free a second after its last use. Growing adds
 * free slots; shrinking keeps the `size` latest uses (moved onto slots 0…size−1), so the last second's
 * sends still count. Every process does it at start with its own config: they should agree.
 */
export async function sizeRing(db: Db, lane: PaceLane, size: number): Promise<void> {
  await db.execute(sql`
    with latest as (
      select (row_number() over (order by used_at desc, slot) - 1)::int as slot, used_at
      from outbox_pace_slots where lane = ${lane}
    ), moved as (
      update outbox_pace_slots s set used_at = latest.used_at
      from latest where s.lane = ${lane} and s.slot = latest.slot and latest.slot < ${size}
        and (select count(*) from outbox_pace_slots where lane = ${lane}) > ${size}
    ), added as (
      insert into outbox_pace_slots (lane, slot)
      select ${lane}, g from generate_series(0, ${size} - 1) as g
      on conflict (lane, slot) do nothing
    )
    delete from outbox_pace_slots where lane = ${lane} and slot >= ${size}`);
}

/** A slot taken and never answered (its process died) is free again after this. */
const BUSY_MS = 10_000;

/**
 * Takes up to `count` of the lane's slots last used a second or more ago (oldest first; slots another
 * process is taking are skipped) and not busy with a call not answered yet, stamping them now by the
database's clock, just before their calls, and busy until `answeredSlots`.
 * None while a 429's pause lasts. Returns the slots taken, and when fewer than asked, how long until
 * the next one frees (or the pause ends), in milliseconds (≤ 0 when it is busy or another process is
 * taking it), and until `count` more are free.
 */
export async function takeSlots(
  db: Db,
  lane: PaceLane,
  count: number,
): Promise<{ slots: number[]; waitMs: number; allMs: number; pausedMs: number }> {
  const [row] = await executeRows<{
    slots: string | null;
    wait_ms: number | string | null;
    all_ms: number | string | null;
    paused_ms: number | string | null;
  }>(
    db,
    sql`
      with paused as (
        select coalesce(max(extract(epoch from (paused_until - clock_timestamp())) * 1000), 0) as ms
        from outbox_pace
      ), free as (
        select slot from outbox_pace_slots
        where lane = ${lane} and used_at <= clock_timestamp() - interval '1 second'
          and (busy_until is null or busy_until <= clock_timestamp())
          and (select ms from paused) <= 0
        order by used_at
        limit ${count}
        for update skip locked
      ), taken as (
        update outbox_pace_slots s
        set used_at = clock_timestamp(), busy_until = clock_timestamp() + ${BUSY_MS} * interval '1 millisecond'
        from free where s.lane = ${lane} and s.slot = free.slot
        returning s.slot
      )
      select
        (select string_agg(slot::text, ',') from taken) as slots,
        (select extract(epoch from (min(used_at) + interval '1 second' - clock_timestamp())) * 1000
          from outbox_pace_slots where lane = ${lane} and slot not in (select slot from taken)) as wait_ms,
        (select extract(epoch from (max(used_at) + interval '1 second' - clock_timestamp())) * 1000
          from (select used_at from outbox_pace_slots where lane = ${lane} and slot not in (select slot from taken)
            order by used_at limit ${count}) as next) as all_ms,
        (select ms from paused) as paused_ms`,
  );
  const slots = row?.slots ? row.slots.split(",").map(Number) : [];
  const pausedMs = Math.max(0, Number(row?.paused_ms ?? 0));
  return {
    slots,
    waitMs: Math.max(pausedMs, Number(row?.wait_ms ?? 0)),
    allMs: Math.max(pausedMs, Number(row?.all_ms ?? 0)),
    pausedMs,
  };
}

/**
 * Stamps slots again when their calls were answered `agoMs` ago, and frees them of their call:
 * Telegram counted each call before it answered, so a slot's next call comes a second or more after
 * Telegram counted its last one, however late the call was made or long it took.
 */
export async function answeredSlots(db: Db, lane: PaceLane, slots: readonly number[], agoMs: number) {
  if (slots.length === 0) return;
  await db.execute(sql`
    update outbox_pace_slots
    set used_at = greatest(used_at, clock_timestamp() - ${Math.max(0, agoMs)} * interval '1 millisecond'),
      busy_until = null
    where lane = ${lane} and slot in (${sql.join(
      slots.map((slot) => sql`${slot}`),
      sql`, `,
    )})`);
}

/** A 429: no lane sends for `seconds` from now. */
export async function pauseAllLanes(db: Db, seconds: number): Promise<void> {
  await db.execute(sql`
    insert into outbox_pace as p (lane, paused_until)
    select lane, clock_timestamp() + ${seconds} * interval '1 second'
    from (values ('free'), ('paid')) as lanes(lane)
    on conflict (lane) do update set
      paused_until = greatest(coalesce(p.paused_until, excluded.paused_until), excluded.paused_until)`);
}

/** Milliseconds until the pause ends (0: none). */
export async function pausedForMs(db: Db): Promise<number> {
  const [row] = await executeRows<{ ms: number | string | null }>(
    db,
    sql`select max(extract(epoch from (paused_until - clock_timestamp())) * 1000) as ms from outbox_pace`,
  );
  return Math.max(0, Number(row?.ms ?? 0));
}
