import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "#api/domain/db-errors";
import { type Database, executeRows } from "#db/client";
import { migrationsFolder } from "#db/migrate";
import { membershipTiers, profiles, userBudgetRollover, userSpending, users } from "#db/schema/index";
import { emptyDatabase, migrationIndex, migrationsBefore } from "../helpers/migrations-before";
import { freshDatabase } from "../helpers/test-db";

// Runs on PGlite by default and on Postgres when DATABASE_URL is set: CI runs both.
let database: Database;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ database, cleanup } = await freshDatabase());
});
afterAll(() => cleanup());

const rows = <T>(query: SQL) => executeRows<T>(database.db, query);

describe("migrations", () => {
  it("create every table of both documents and DESIGN.md", async () => {
    const tables = (
      await rows<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )
    ).map((r) => r.table_name);
    expect(tables.sort()).toEqual(
      [
        "bot_drafts",
        "broadcasts",
        "budget_credits",
        "cart_items",
        "carts",
        "channel_messages",
        "channel_post_credits",
        "channel_settings",
        "checkout_requests",
        "credentials",
        "email_verification_tokens",
        "gate_chat_tiers",
        "gate_chats",
        "gate_invite_links",
        "gate_join_requests",
        "gate_members",
        "legal_documents",
        "membership_history",
        "membership_tiers",
        "message_reactions",
        "message_translations",
        "order_lines",
        "orders",
        "outbox",
        "outbox_pace",
        "password_reset_tokens",
        "persons_seen",
        "persons_seen_pending",
        "plan_grants",
        "plan_invoices",
        "plan_requests",
        "plan_subscriptions",
        "processed_telegram_updates",
        "products",
        "profiles",
        "promo_codes",
        "promo_person_uses",
        "promo_redemptions",
        "rate_limits",
        "referral_codes",
        "referral_program",
        "referrals",
        "sales_day_products",
        "sales_days",
        "schema_functions",
        "server_keys",
        "sessions",
        "setup_links",
        "star_payments",
        "stock_alerts",
        "strains",
        "support_conversations",
        "support_messages",
        "telegram_link_codes",
        "trial_claims",
        "user_budget_rollover",
        "user_roles",
        "user_spending",
        "users",
      ].sort(),
    );
  });

  it("create the public_channel_info view, the functions and the NOTIFY triggers", async () => {
    const view = await rows(
      sql`select * from information_schema.views where table_name = 'public_channel_info'`,
    );
    expect(view).toHaveLength(1);
    const functions = (
      await rows<{ routine_name: string }>(
        sql`select routine_name from information_schema.routines where routine_schema = 'public'`,
      )
    ).map((r) => r.routine_name);
    expect(functions).toEqual(
      expect.arrayContaining([
        "get_current_period_spending",
        "process_monthly_rollover",
        "notify_app_change",
        "notify_order_change",
        "notify_session_end",
        "notify_support_change",
        "credit_checkout_outcome",
        "credit_checkout",
        "passed_age_gate",
        "roll_sales_days",
        "roll_missing_sales_days",
      ]),
    );
    // The version before 0018's checkout functions are gone (0020).
    expect(functions).not.toContain("place_credit_order");
    expect(functions).not.toContain("credit_order_outcome");
    const triggers = (
      await rows<{ event_object_table: string }>(
        sql`select distinct event_object_table from information_schema.triggers where trigger_name like '%_notify'`,
      )
    ).map((r) => r.event_object_table);
    expect(triggers.sort()).toEqual([
      "channel_messages",
      "channel_settings",
      "orders",
      "products",
      "sessions",
      "support_conversations",
    ]);
  });

  it("enforce the constraints: positive prices, stock never negative, known strain types", async () => {
    await expect(
      database.db.execute(sql`insert into products (title, credit_price) values ('x', 0)`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(
        sql`insert into products (title, credit_price, stock_quantity) values ('x', 1, -1)`,
      ),
    ).rejects.toThrow();
    await expect(
      database.db.execute(
        sql`insert into products (title, credit_price, strain_type) values ('x', 1, 'Ruderalis')`,
      ),
    ).rejects.toThrow();
    await expect(
      database.db.execute(
        sql`insert into products (title, credit_price, thc_percentage) values ('x', 1, 101)`,
      ),
    ).rejects.toThrow();
  });
});

describe("spending and rollover functions", () => {
  let userId: string;
  beforeAll(async () => {
    const [tier] = await database.db
      .insert(membershipTiers)
      .values({ name: "basic", displayName: "Basic", priceMonthly: "25.00", tierLevel: 2 })
      .returning();
    const [user] = await database.db.insert(users).values({}).returning();
    if (!user || !tier) throw new Error("setup failed");
    userId = user.id;
    await database.db.insert(profiles).values({ id: userId, membershipTierId: tier.id });
  });

  const spend = (amount: string, start: string, end: string) =>
    database.db
      .insert(userSpending)
      .values({ userId, amount, periodStart: new Date(start), periodEnd: new Date(end) });

  it("sum only the UTC month that contains the given instant, exactly", async () => {
    await spend("10.10", "2026-09-01T00:00:00Z", "2026-10-01T00:00:00Z");
    await spend("0.20", "2026-10-01T00:00:00Z", "2026-11-01T00:00:00Z");
    await spend("0.10", "2026-10-01T00:00:00Z", "2026-11-01T00:00:00Z");
    const [row] = await rows<{ total: string }>(
      sql`select get_current_period_spending(${userId}::uuid, '2026-10-31T23:59:59Z'::timestamptz)::text as total`,
    );
    expect(row?.total).toBe("0.30");
    const [none] = await rows<{ total: string }>(
      sql`select get_current_period_spending(${userId}::uuid, '2026-12-15T00:00:00Z'::timestamptz)::text as total`,
    );
    expect(none?.total).toBe("0.00");
  });

  it("start a new user at 0, then carry unused budget forward month by month", async () => {
    const run = async (at: string) =>
      (
        await rows<{ r: string }>(
          sql`select process_monthly_rollover(${userId}::uuid, ${at}::timestamptz)::text as r`,
        )
      )[0]?.r;
    expect(await run("2026-09-10T00:00:00Z")).toBe("0.00");
    // September: 25 budget - 10.10 spent = 14.90; October: 25 + 14.90 - 0.30 = 39.60.
    expect(await run("2026-11-02T00:00:00Z")).toBe("39.60");
    const [state] = await database.db.select().from(userBudgetRollover);
    expect(state?.rolloverAmount).toBe("39.60");
    expect(state?.lastCalculatedPeriod?.toISOString()).toBe("2026-11-01T00:00:00.000Z");
    // Running again in the same month changes nothing.
    expect(await run("2026-11-20T00:00:00Z")).toBe("39.60");
  });
});

describe("migration a-web-sign-up-claims-its-email (decision 097's amendment)", () => {
  it("gives each address one web sign-up's claim, the one the address already led to; every account keeps its email and password", async () => {
    const empty = await emptyDatabase();
    const before = await migrationsBefore(await migrationIndex("a-web-sign-up-claims-its-email"));
    try {
      await empty.migrateWith(before.folder);
      const at = (minute: number) => `2026-11-01T10:${String(minute).padStart(2, "0")}:00Z`;
      /** An account as the version before made it: a web sign-up's three rows share one transaction's now(). */
      const account = async (
        n: number,
        a: {
          email: string;
          signedUpAt: string;
          passwordAt?: string;
          telegramId?: number;
          verified?: boolean;
        },
      ) => {
        const id = `00000000-0000-4000-8000-00000000000${n}`;
        await empty.db.execute(
          sql`insert into users (id, telegram_id, created_at) values (${id}, ${a.telegramId ?? null}, ${a.signedUpAt})`,
        );
        await empty.db.execute(sql`
          insert into profiles (id, email, email_verified_at, created_at)
          values (${id}, ${a.email}, ${a.verified ? a.signedUpAt : null}, ${a.signedUpAt})`);
        await empty.db.execute(sql`
          insert into credentials (user_id, password_hash, created_at)
          values (${id}, ${`hash-${n}`}, ${a.passwordAt ?? a.signedUpAt})`);
        return id;
      };
      // One person signed up twice without opening the link (two cases of one address).
      const older = await account(1, { email: "Twice@Example.com", signedUpAt: at(1) });
      const newer = await account(2, { email: "twice@example.com", signedUpAt: at(2) });
      // A Telegram member attached it later still (a password set after the account was made).
      const member = await account(3, {
        email: "twice@example.com",
        signedUpAt: at(3),
        passwordAt: at(9),
        telegramId: 35,
      });
      // A web sign-up that linked a Telegram: its address leads a reset to that Telegram only.
      const linked = await account(4, { email: "linked@example.com", signedUpAt: at(4), telegramId: 36 });
      const alone = await account(5, { email: "alone@example.com", signedUpAt: at(5) });
      const proven = await account(6, { email: "proven@example.com", signedUpAt: at(6), verified: true });

      await empty.migrateWith(migrationsFolder);
      const after = await executeRows<{ id: string; email: string; claimed: boolean; hash: string }>(
        empty.db,
        sql`select p.id, p.email, p.email_claimed_at is not null as claimed, c.password_hash as hash
            from profiles p join credentials c on c.user_id = p.id order by p.id`,
      );
      expect(after).toEqual([
        { id: older, email: "Twice@Example.com", claimed: false, hash: "hash-1" },
        { id: newer, email: "twice@example.com", claimed: true, hash: "hash-2" },
        { id: member, email: "twice@example.com", claimed: false, hash: "hash-3" },
        { id: linked, email: "linked@example.com", claimed: false, hash: "hash-4" },
        { id: alone, email: "alone@example.com", claimed: true, hash: "hash-5" },
        { id: proven, email: "proven@example.com", claimed: true, hash: "hash-6" },
      ]);
      // From now on the database holds one claim an address.
      const error = await empty.db
        .execute(sql`update profiles set email_claimed_at = now() where id = ${older}`)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(isUniqueViolation(error)).toBe(true);
    } finally {
      await empty.close();
      await before.cleanup();
    }
  });
});
