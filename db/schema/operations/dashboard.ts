import { date, foreignKey, integer, numeric, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * The owner's dashboard's daily roll-up of sales (db/migrations/0016_dashboard-rollup.sql): one row
 * per complete day in the channel's time zone, made when the dashboard first needs that day. A
 * change to an order or line of a day already rolled rolls that day again in the change's own
 * transaction; a new time zone or a deleted product empties the roll-up. Today is never rolled, so
 * checkouts (today's orders) write nothing here: no row every checkout would queue on.
 */
export const salesDays = pgTable("sales_days", {
  day: date("day").primaryKey(),
  /** Orders placed that day, cancelled ones left out, and their credits. */
  orders: integer("orders").notNull(),
  credits: numeric("credits", { precision: 14, scale: 2 }).notNull(),
});

/** Each product's units and credits on a rolled day (orders not cancelled). */
export const salesDayProducts = pgTable(
  "sales_day_products",
  {
    day: date("day").notNull(),
    /** The product's id, or "title:" and the title it sold under once the product was deleted. */
    productKey: text("product_key").notNull(),
    title: text("title").notNull(),
    units: integer("units").notNull(),
    credits: numeric("credits", { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.productKey] }),
    foreignKey({ columns: [t.day], foreignColumns: [salesDays.day] }).onDelete("cascade"),
  ],
);
