import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { executeRows } from "../../rows";

/**
 * The owner's dashboard, one section per function. Days are calendar days in the channel's time
 * zone; a period is `days` of them ending today, and the period before it is as long. Every range
 * is a half-open [start, end) on created_at, so each section reads its rows through an index on
 * created_at; the day a row falls on is its created_at in the time zone. Cancelled orders are no
 * spending: they are left out of every order figure. Sales of complete days come from the daily
 * roll-up (db/migrations/0016_dashboard-rollup.sql), today's from the orders.
 */

/** The periods' edges: days as YYYY-MM-DD, instants as UTC ISO strings. */
export interface DashboardBounds {
  timeZone: string;
  previousFirstDay: string;
  firstDay: string;
  lastDay: string;
  previousStart: string;
  start: string;
  /** Today's first instant: what is before it is rolled up by day. */
  todayStart: string;
  end: string;
}

/** Local midnight of a day (a date expression) in the zone, as a UTC ISO string. */
const midnight = (day: SQL, timeZone: SQL) =>
  sql`to_char((${day})::timestamp at time zone ${timeZone} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Today in the channel's time zone (UTC until one is set) at `at`, and the two periods around it. */
export async function dashboardBounds(db: Db, at: Date, days: number): Promise<DashboardBounds> {
  const zone = sql`z.time_zone`;
  const today = sql`(${at.toISOString()}::timestamptz at time zone z.time_zone)::date`;
  const [row] = await executeRows<DashboardBounds>(
    db,
    sql`select z.time_zone as "timeZone",
          (${today} - ${2 * days - 1}::int)::text as "previousFirstDay",
          (${today} - ${days - 1}::int)::text as "firstDay",
          ${today}::text as "lastDay",
          ${midnight(sql`${today} - ${2 * days - 1}::int`, zone)} as "previousStart",
          ${midnight(sql`${today} - ${days - 1}::int`, zone)} as "start",
          ${midnight(today, zone)} as "todayStart",
          ${midnight(sql`${today} + 1`, zone)} as "end"
        from (select coalesce((select time_zone from channel_settings limit 1), 'UTC') as time_zone) z`,
  );
  if (!row) throw new Error("dashboard bounds returned no row");
  return row;
}

const between = (column: string, from: string, until: string) =>
  sql`${sql.raw(column)} >= ${from}::timestamptz and ${sql.raw(column)} < ${until}::timestamptz`;
const dayOf = (column: string, timeZone: string) =>
  sql`(${sql.raw(column)} at time zone ${timeZone})::date::text`;

export interface DayOrders {
  day: string;
  orders: number;
  credits: string;
}

/**
 * Days rolled up per transaction. Rolling holds the roll-up's lock exclusively and every order
 * write waits for it, so a rebuild of every day (after a time-zone change) goes a week at a time:
 * a checkout waits for one week's roll at most, never for the whole history. (A day at a time made
 * as many passes over the orders as days: 100,000 orders over 180 days took 10 s instead of 1.)
 */
const ROLL_DAYS_PER_TRANSACTION = 7;

/** Rolls up the complete days of both periods that are not rolled up yet (at most once a day). */
export async function rollMissingSalesDays(db: Db, b: DashboardBounds): Promise<void> {
  const missing = await executeRows<{ day: string }>(
    db,
    sql`select d::date::text as day
        from generate_series(${b.previousFirstDay}::date, ${b.lastDay}::date - 1, interval '1 day') d
        where not exists (select 1 from sales_days s where s.day = d::date)
        order by d`,
  );
  for (let i = 0; i < missing.length; i += ROLL_DAYS_PER_TRANSACTION) {
    const chunk = missing.slice(i, i + ROLL_DAYS_PER_TRANSACTION);
    await db.execute(
      sql`select roll_missing_sales_days(${chunk[0]?.day}::date, ${chunk[chunk.length - 1]?.day}::date)`,
    );
  }
}

/** Orders and their credits per day, over both periods (days without orders may be absent). */
export function ordersByDay(db: Db, b: DashboardBounds): Promise<DayOrders[]> {
  return executeRows<DayOrders>(
    db,
    sql`select s.day::text as day, s.orders, s.credits::text as credits
        from sales_days s
        where s.day >= ${b.previousFirstDay}::date and s.day < ${b.lastDay}::date
        union all
        select ${b.lastDay}, count(*)::int, coalesce(sum(o.total_credits), 0)::text
        from orders o
        where o.status <> 'cancelled' and ${between("o.created_at", b.todayStart, b.end)}`,
  );
}

export interface DayCount {
  day: string;
  count: number;
}

/** Accounts made per day, over both periods. */
export function accountsByDay(db: Db, b: DashboardBounds): Promise<DayCount[]> {
  return executeRows<DayCount>(
    db,
    sql`select ${dayOf("u.created_at", b.timeZone)} as day, count(*)::int as count
        from users u
        where ${between("u.created_at", b.previousStart, b.end)}
        group by 1`,
  );
}

export interface SoldProduct {
  product_id: string | null;
  title: string;
  units: number;
  credits: string;
  by_credits: number;
  by_units: number;
}

/**
 * The period's best sellers: each product's units and credits on orders not cancelled, with its
 * rank by credits and by units; only those in the top `limit` of either come back. A deleted
 * product (its lines' product_id set null) is counted by the title it was sold under.
 */
export function topProducts(db: Db, b: DashboardBounds, limit: number): Promise<SoldProduct[]> {
  return executeRows<SoldProduct>(
    db,
    sql`with sold as (
          select r.product_key, r.title, r.units, r.credits
          from sales_day_products r
          where r.day >= ${b.firstDay}::date and r.day < ${b.lastDay}::date
          union all
          select coalesce(l.product_id::text, 'title:' || l.title), l.title, l.quantity, l.unit_credits * l.quantity
          from orders o
          join order_lines l on l.order_id = o.id
          where o.status <> 'cancelled' and ${between("o.created_at", b.todayStart, b.end)}
        ), summed as (
          select p.id as product_id, coalesce(p.title, s.title) as title,
            sum(s.units)::int as units, sum(s.credits) as credits
          from sold s
          left join products p on p.id::text = s.product_key
          group by p.id, coalesce(p.title, s.title)
        ), ranked as (
          select s.*,
            row_number() over (order by s.credits desc, s.units desc, s.title) as by_credits,
            row_number() over (order by s.units desc, s.credits desc, s.title) as by_units
          from summed s
        )
        select product_id, title, units, credits::text as credits, by_credits::int, by_units::int
        from ranked
        where by_credits <= ${limit} or by_units <= ${limit}`,
  );
}

export interface TierMembers {
  tier_id: string | null;
  name: string | null;
  level: number | null;
  members: number;
  joined: number;
  left: number;
}

/**
 * Members on each tier now (by level), then those on none (tier_id null), with the moves onto and
 * off each in the period. A move whose tier was deleted since reads as a move to or from none.
 */
export function membersByTier(db: Db, b: DashboardBounds): Promise<TierMembers[]> {
  return executeRows<TierMembers>(
    db,
    sql`with moves as (
          select old_tier_id, new_tier_id from membership_history h
          where ${between("h.created_at", b.start, b.end)}
        ), onto as (
          select new_tier_id as tier_id, count(*)::int as n from moves group by 1
        ), off as (
          select old_tier_id as tier_id, count(*)::int as n from moves group by 1
        ), members as (
          select membership_tier_id as tier_id, count(*)::int as n from profiles group by 1
        )
        select t.id as tier_id, t.display_name as name, t.tier_level as level,
          coalesce(m.n, 0) as members, coalesce(j.n, 0) as joined, coalesce(x.n, 0) as "left"
        from membership_tiers t
        left join members m on m.tier_id = t.id
        left join onto j on j.tier_id = t.id
        left join off x on x.tier_id = t.id
        union all
        select null, null, null,
          coalesce((select n from members where tier_id is null), 0),
          coalesce((select n from onto where tier_id is null), 0),
          coalesce((select n from off where tier_id is null), 0)
        order by level nulls last`,
  );
}

export interface PlanChanges {
  current: boolean;
  total: number;
  upgrades: number;
  downgrades: number;
}

/** Plan moves in each period; a move up or down is by tier level, no plan being level 0. */
export function planChanges(db: Db, b: DashboardBounds): Promise<PlanChanges[]> {
  return executeRows<PlanChanges>(
    db,
    sql`select h.created_at >= ${b.start}::timestamptz as current, count(*)::int as total,
          (count(*) filter (where coalesce(nt.tier_level, 0) > coalesce(ot.tier_level, 0)))::int as upgrades,
          (count(*) filter (where coalesce(nt.tier_level, 0) < coalesce(ot.tier_level, 0)))::int as downgrades
        from membership_history h
        left join membership_tiers ot on ot.id = h.old_tier_id
        left join membership_tiers nt on nt.id = h.new_tier_id
        where ${between("h.created_at", b.previousStart, b.end)}
        group by 1`,
  );
}

export interface PostReactions {
  current: boolean;
  posts: number;
  hearts: number;
  flames: number;
  telegram_hearts: number;
  telegram_flames: number;
}

/** Published feed posts in each period and their reactions, the app's and Telegram's apart. */
export function postReactions(db: Db, b: DashboardBounds): Promise<PostReactions[]> {
  return executeRows<PostReactions>(
    db,
    sql`select m.created_at >= ${b.start}::timestamptz as current, count(*)::int as posts,
          coalesce(sum(m.hearts), 0)::int as hearts, coalesce(sum(m.flames), 0)::int as flames,
          coalesce(sum(m.telegram_hearts), 0)::int as telegram_hearts,
          coalesce(sum(m.telegram_flames), 0)::int as telegram_flames
        from channel_messages m
        where m.is_published and ${between("m.created_at", b.previousStart, b.end)}
        group by 1`,
  );
}

export interface TopPost {
  id: string;
  excerpt: string;
  created_at: string;
  hearts: number;
  flames: number;
  telegram_hearts: number;
  telegram_flames: number;
}

/** The period's posts with the most reactions (app and Telegram together), at least one each. */
export function topPosts(
  db: Db,
  b: DashboardBounds,
  limit: number,
  excerptLength: number,
): Promise<TopPost[]> {
  return executeRows<TopPost>(
    db,
    sql`select m.id, left(coalesce(m.content, ''), ${excerptLength}::int) as excerpt,
          to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
          m.hearts, m.flames, m.telegram_hearts, m.telegram_flames
        from channel_messages m
        where m.is_published and ${between("m.created_at", b.start, b.end)}
          and m.hearts + m.flames + m.telegram_hearts + m.telegram_flames > 0
        order by m.hearts + m.flames + m.telegram_hearts + m.telegram_flames desc, m.created_at desc
        limit ${limit}`,
  );
}

export interface LowStockProduct {
  id: string;
  title: string;
  stock_quantity: number;
  total: number;
}

/** Active products at or under the threshold, fewest first, with how many there are in all. */
export function lowStockProducts(db: Db, threshold: number, limit: number): Promise<LowStockProduct[]> {
  return executeRows<LowStockProduct>(
    db,
    sql`select p.id, p.title, p.stock_quantity, (count(*) over ())::int as total
        from products p
        where p.is_active and p.stock_quantity <= ${threshold}::int
        order by p.stock_quantity, p.title
        limit ${limit}`,
  );
}
