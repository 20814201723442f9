import type { OrderExportQuery } from "#api/contracts/exports";
import {
  type Cursor,
  memberExportBatch,
  orderExportBatch,
  productExportBatch,
} from "#db/queries/operations/exports";
import type { ServiceContext } from "../context";
import { csvLine } from "./csv";

/** Rows fetched per query: the export holds one batch (and its CSV text) at a time. */
export const EXPORT_BATCH = 500;

const DAY_MS = 86_400_000;

/** The CSV of every order in the range (UTC days, both included), by order number, header first. */
export async function* ordersCsv(
  { db }: Pick<ServiceContext, "db">,
  query: OrderExportQuery,
): AsyncGenerator<string> {
  const range = {
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    until: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined,
  };
  yield csvLine([
    "number",
    "placed_at",
    "status",
    "total_credits",
    "items",
    "delivery_name",
    "delivery_address",
    "delivery_state",
  ]);
  let afterNumber = 0;
  for (;;) {
    const rows = await orderExportBatch(db, range, afterNumber, EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows
      .map((r) =>
        csvLine([
          r.number,
          r.created_at,
          r.status,
          r.total_credits,
          r.items,
          r.delivery_name,
          r.delivery_address,
          r.delivery_state,
        ]),
      )
      .join("");
    afterNumber = Number(rows[rows.length - 1]?.number);
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** Pages through a keyset query until a short batch; each batch becomes one chunk of CSV. */
async function* keysetCsv<Row extends { id: string; cursor_at: string }>(
  header: string[],
  batch: (cursor: Cursor | undefined) => Promise<Row[]>,
  line: (row: Row) => string,
): AsyncGenerator<string> {
  yield csvLine(header);
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await batch(cursor);
    const last = rows[rows.length - 1];
    if (!last) return;
    yield rows.map(line).join("");
    cursor = { at: last.cursor_at, id: last.id };
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** Every account, oldest first: what the admin users screen shows. */
export const membersCsv = ({ db }: Pick<ServiceContext, "db">) =>
  keysetCsv(
    ["id", "joined_at", "full_name", "email", "telegram_username", "roles", "plan"],
    (cursor) => memberExportBatch(db, cursor, EXPORT_BATCH),
    (r) => csvLine([r.id, r.joined_at, r.full_name, r.email, r.telegram_username, r.roles, r.tier]),
  );

/** Every product, inactive ones too, oldest first. */
export const productsCsv = ({ db }: Pick<ServiceContext, "db">) =>
  keysetCsv(
    [
      "id",
      "created_at",
      "title",
      "category",
      "strain_type",
      "credit_price",
      "stock_quantity",
      "active",
      "featured",
      "thc_percentage",
      "cbd_percentage",
      "unit_size",
      "batch_number",
      "lab_tested_date",
      "storefront_price",
      "storefront_currency",
    ],
    (cursor) => productExportBatch(db, cursor, EXPORT_BATCH),
    (r) =>
      csvLine([
        r.id,
        r.created_at,
        r.title,
        r.category,
        r.strain_type,
        r.credit_price,
        r.stock_quantity,
        r.is_active,
        r.is_featured,
        r.thc_percentage,
        r.cbd_percentage,
        r.unit_size,
        r.batch_number,
        r.lab_tested_date,
        r.storefront_price,
        r.storefront_currency,
      ]),
  );
