import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { executeRows } from "#db/client";
import { migrationsFolder } from "#db/migrate";
import { emptyDatabase, migrationIndex, migrationsBefore } from "../helpers/migrations-before";

// The migration that retires the back-in-stock queue (kind back_in_stock in the outbox, decision
// 104) over a database of the version before: an alert the old queue would have sent is carried
// into the outbox in its member's language, by the bot or by mail; one nothing reaches yet, or of a
// product still out of stock, keeps waiting. PGlite, and Postgres when DATABASE_URL is set.
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe("migration stock-alerts-into-the-outbox", () => {
  it("carries the alerts waiting in the old queue into the outbox, keeps the others waiting", async () => {
    const empty = await emptyDatabase();
    try {
      const before = await migrationsBefore(await migrationIndex("stock-alerts-into-the-outbox"));
      await empty.migrateWith(before.folder);
      await before.cleanup();
      const db = empty.db;
      // 1: the bot may write (Russian); 2: a proven address, a failed send backing off; 3: nothing reaches.
      await db.execute(sql`insert into users (id, telegram_id) values (${id(1)}, 4242), (${id(2)}, null),
        (${id(3)}, 4343)`);
      await db.execute(sql`insert into profiles (id, email, email_verified_at, bot_writable_at, language) values
        (${id(1)}, null, null, now(), 'ru-RU'), (${id(2)}, 'ada@example.com', now(), null, null),
        (${id(3)}, 'grace@example.com', null, null, 'es')`);
      await db.execute(sql`insert into products (id, title, credit_price, stock_quantity) values
        (${id(5)}, 'Kush', 10, 3), (${id(6)}, 'Haze', 10, 0)`);
      await db.execute(sql`insert into stock_alerts (user_id, product_id, attempts, next_attempt_at) values
        (${id(1)}, ${id(5)}, 0, null), (${id(2)}, ${id(5)}, 2, now() + interval '4 minutes'),
        (${id(3)}, ${id(5)}, 0, null), (${id(1)}, ${id(6)}, 0, null)`);

      await empty.migrateWith(migrationsFolder);

      const queued = await executeRows<{
        user_id: string;
        channel: string;
        chat_id: string | null;
        state: string;
        payload: unknown;
      }>(
        db,
        sql`select user_id, channel, chat_id::text as chat_id, state, payload from outbox
          where kind = 'back_in_stock' order by user_id`,
      );
      const payloadOf = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
      expect(queued.map((row) => ({ ...row, payload: payloadOf(row.payload) }))).toEqual([
        {
          user_id: id(1),
          channel: "telegram",
          chat_id: "4242",
          state: "queued",
          payload: {
            text: "Kush снова в наличии.",
            subject: "Kush снова в наличии",
            buttons: [{ text: "Открыть в магазине", open: `/product/${id(5)}` }],
          },
        },
        {
          user_id: id(2),
          channel: "mail",
          chat_id: null,
          state: "queued",
          payload: {
            text: "Kush is back in stock.",
            subject: "Kush is back in stock",
            buttons: [{ text: "Open it in the shop", open: `/product/${id(5)}` }],
          },
        },
      ]);
      const waiting = await executeRows<{ user_id: string; product_id: string }>(
        db,
        sql`select user_id, product_id from stock_alerts order by user_id, product_id`,
      );
      expect(waiting).toEqual([
        { user_id: id(1), product_id: id(6) },
        { user_id: id(3), product_id: id(5) },
      ]);
    } finally {
      await empty.close();
    }
  });
});
