import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notePendingPersons } from "#api/domain/auth";
import { executeRows } from "#db/client";
import { migrationsFolder } from "#db/migrate";
import { emptyDatabase, migrationIndex, migrationsBefore } from "../helpers/migrations-before";

// The person keys' migration (decision 115) over a database of the version before: the accounts
// that exist then are noted at the next start, the trial claims count as seen people, and a tier
// that costs nothing loses its trial. PGlite, and Postgres when DATABASE_URL is set.
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe("migration person-keys", () => {
  it("lists the accounts that name a person for the start, keeps trial claims as seen, ends free tiers' trials", async () => {
    const empty = await emptyDatabase();
    try {
      const before = await migrationsBefore(await migrationIndex("person-keys"));
      await empty.migrateWith(before.folder);
      await before.cleanup();
      const db = empty.db;
      // A Telegram account, a proven email, an unproven one, an account with neither.
      await db.execute(sql`insert into users (id, telegram_id) values (${id(1)}, 4242), (${id(2)}, null),
        (${id(3)}, null), (${id(4)}, null)`);
      await db.execute(sql`insert into profiles (id, email, email_verified_at) values
        (${id(2)}, 'Ada.L+Shop@GMail.com', now()), (${id(3)}, 'grace@example.com', null)`);
      await db.execute(sql`insert into membership_tiers (id, name, display_name, price_monthly, tier_level, price_stars, trial_days)
        values (${id(5)}, 'free', 'Free', 0, 1, null, 5), (${id(6)}, 'stars', 'Stars', 0, 2, 100, 5),
        (${id(7)}, 'paid', 'Paid', 10, 3, null, 5)`);
      await db.execute(sql`insert into trial_claims (tier_id, subject, created_at) values
        (${id(6)}, 'claimed-by-a-gone-account', '2026-11-01T00:00:00Z'),
        (${id(7)}, 'claimed-by-a-gone-account', '2026-11-02T00:00:00Z')`);

      await empty.migrateWith(migrationsFolder);

      const pending = await executeRows<{ user_id: string }>(
        db,
        sql`select user_id from persons_seen_pending order by user_id`,
      );
      expect(pending.map((row) => row.user_id)).toEqual([id(1), id(2)]);
      const seen = await executeRows<{ person_key: string; first_seen_at: Date | string }>(
        db,
        sql`select person_key, first_seen_at from persons_seen`,
      );
      expect(seen.map((row) => [row.person_key, new Date(row.first_seen_at).toISOString()])).toEqual([
        ["claimed-by-a-gone-account", "2026-11-01T00:00:00.000Z"],
      ]);
      const trials = await executeRows<{ name: string; trial_days: number | null }>(
        db,
        sql`select name, trial_days from membership_tiers order by tier_level`,
      );
      expect(trials).toEqual([
        { name: "free", trial_days: null },
        { name: "stars", trial_days: 5 },
        { name: "paid", trial_days: 5 },
      ]);

      // The start notes them with the server key, and empties the list.
      expect(await notePendingPersons({ db, now: () => new Date("2026-12-01T00:00:00Z") })).toBe(2);
      const [serverKey] = await executeRows<{ key: string }>(
        db,
        sql`select key from server_keys where name = 'trial_claims'`,
      );
      const hash = (value: string) =>
        createHmac("sha256", serverKey?.key ?? "")
          .update(value)
          .digest("hex");
      const noted = await executeRows<{ person_key: string }>(db, sql`select person_key from persons_seen`);
      expect(noted.map((row) => row.person_key).sort()).toEqual(
        [
          "claimed-by-a-gone-account",
          hash("telegram:4242"),
          hash("email:adal@gmail.com"),
          hash("email:ada.l+shop@gmail.com"),
        ].sort(),
      );
      expect(await executeRows(db, sql`select * from persons_seen_pending`)).toEqual([]);
      expect(await notePendingPersons({ db, now: () => new Date() })).toBe(0);
    } finally {
      await empty.close();
    }
  });
});
