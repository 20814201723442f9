import { sql } from "drizzle-orm";
import type { Db } from "../../client";
import { executeRows } from "../../rows";

/**
 * The CSV exports' rows, a batch at a time by keyset (never OFFSET, never all at once): each batch
 * starts after the last row of the one before, so memory stays one batch whatever the table's size,
 * on PGlite as on Postgres. Times are UTC ISO 8601, to the second.
 */
const isoUtc = (alias: string) =>
  sql.raw(`to_char(${alias}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

export interface OrderExportRow {
  number: number;
  created_at: string;
  status: string;
  total_credits: string;
  items: string | null;
  delivery_name: string;
  delivery_address: string;
  delivery_state: string;
}

/** Orders placed from `from` (inclusive) to `until` (exclusive), by number, after `afterNumber`. */
export function orderExportBatch(
  db: Db,
  range: { from: Date | undefined; until: Date | undefined },
  afterNumber: number,
  limit: number,
): Promise<OrderExportRow[]> {
  const from = range.from ? sql`and o.created_at >= ${range.from.toISOString()}::timestamptz` : sql``;
  const until = range.until ? sql`and o.created_at < ${range.until.toISOString()}::timestamptz` : sql``;
  return executeRows<OrderExportRow>(
    db,
    sql`select o.number, ${isoUtc("o")} as created_at, o.status,
          o.total_credits::text as total_credits,
          (select string_agg(l.quantity || ' × ' || l.title, '; ' order by l.created_at, l.id)
             from order_lines l where l.order_id = o.id) as items,
          o.delivery_name, o.delivery_address, o.delivery_state
        from orders o
        where o.number > ${afterNumber} ${from} ${until}
        order by o.number
        limit ${limit}`,
  );
}

/** Where the last batch ended: created_at as Postgres prints it (microseconds kept) and the id. */
export interface Cursor {
  at: string;
  id: string;
}

const after = (cursor: Cursor | undefined, alias: string) =>
  cursor
    ? sql`where (${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql``;

export interface MemberExportRow {
  id: string;
  cursor_at: string;
  joined_at: string;
  full_name: string | null;
  email: string | null;
  telegram_username: string | null;
  roles: string | null;
  tier: string | null;
}

/** Accounts oldest first (the admin users screen's order), with roles and plan. */
export function memberExportBatch(db: Db, cursor: Cursor | undefined, limit: number) {
  return executeRows<MemberExportRow>(
    db,
    sql`select u.id, u.created_at::text as cursor_at,
          ${isoUtc("u")} as joined_at,
          p.full_name, p.email, u.telegram_username,
          (select string_agg(r.role::text, ' ' order by r.role) from user_roles r where r.user_id = u.id) as roles,
          t.display_name as tier
        from users u
        left join profiles p on p.id = u.id
        left join membership_tiers t on t.id = p.membership_tier_id
        ${after(cursor, "u")}
        order by u.created_at, u.id
        limit ${limit}`,
  );
}

export interface ProductExportRow {
  id: string;
  cursor_at: string;
  created_at: string;
  title: string;
  category: string | null;
  strain_type: string | null;
  credit_price: string;
  stock_quantity: number;
  is_active: boolean;
  is_featured: boolean;
  thc_percentage: string | null;
  cbd_percentage: string | null;
  unit_size: string | null;
  batch_number: string | null;
  lab_tested_date: string | null;
  storefront_price: string | null;
  storefront_currency: string | null;
}

/** Products oldest first, inactive ones included. */
export function productExportBatch(db: Db, cursor: Cursor | undefined, limit: number) {
  return executeRows<ProductExportRow>(
    db,
    sql`select p.id, p.created_at::text as cursor_at,
          ${isoUtc("p")} as created_at,
          p.title, p.category, p.strain_type, p.credit_price::text as credit_price, p.stock_quantity,
          p.is_active, p.is_featured, p.thc_percentage::text as thc_percentage,
          p.cbd_percentage::text as cbd_percentage, p.unit_size, p.batch_number,
          p.lab_tested_date::text as lab_tested_date, p.storefront_price::text as storefront_price,
          p.storefront_currency
        from products p
        ${after(cursor, "p")}
        order by p.created_at, p.id
        limit ${limit}`,
  );
}
