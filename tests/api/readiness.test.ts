import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readinessSchema } from "#api/contracts/health";
import { createApp } from "#api/http/app";
import { type Db, executeRows } from "#db/client";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ready = async (app = t.app) => {
  const res = await app.request("/api/ready");
  return { status: res.status, body: readinessSchema.parse(await res.json()) };
};

/** Runs `during` with the last applied migration's record gone (or an extra one), then puts it back. */
async function withMigrationRecords(change: "remove_last" | "add_newer", during: () => Promise<void>) {
  const db = t.services.database.db;
  const [last] = await executeRows<{ id: number; hash: string; created_at: string }>(
    db,
    sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last) throw new Error("no migrations recorded");
  if (change === "remove_last")
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
  else
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${Number(last.created_at) + 1000})`,
    );
  try {
    await during();
  } finally {
    if (change === "remove_last")
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    else await db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-version'`);
  }
}

describe("GET /api/ready", () => {
  it("is 200 when the database answers and the migrations are current", async () => {
    expect(await ready()).toEqual({
      status: 200,
      body: {
        ok: true,
        checks: { database: { ok: true }, migrations: { ok: true }, shutdown: { ok: true } },
        failed: [],
        // No BOT_TOKEN: the bot is off, which is no failure (tests/api/setup-report.test.ts: the others).
        bot: { state: "off", reason: "no_token" },
      },
    });
  });

  it("is 503 naming the migrations when one of this version's is not applied", async () => {
    await withMigrationRecords("remove_last", async () => {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body.failed).toEqual(["migrations"]);
      expect(body.checks.migrations).toEqual({ ok: false, detail: "1 migration(s) not applied" });
    });
  });

  it("stays ready when a newer version has added a migration (a rolling upgrade)", async () => {
    await withMigrationRecords("add_newer", async () => {
      const { status, body } = await ready();
      expect(status).toBe(200);
      expect(body.checks.migrations).toEqual({ ok: true, detail: "1 newer migration(s) applied" });
    });
  });

  it("is 503 naming the database when it does not answer", async () => {
    const broken = { execute: () => Promise.reject(new Error("connect ECONNREFUSED db.internal:5432")) };
    const app = createApp({
      ...t.services,
      database: { ...t.services.database, db: broken as unknown as Db },
      staticDir: undefined,
    });
    const { status, body } = await ready(app);
    expect(status).toBe(503);
    expect(body.failed).toEqual(["database", "migrations"]);
    // Never the driver's words: they can name hosts.
    expect(JSON.stringify(body)).not.toContain("db.internal");
  });

  it("is 503 naming the shutdown once the process drains, while /api/health stays 200", async () => {
    t.services.lifecycle.draining = true;
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body.failed).toEqual(["shutdown"]);
      expect((await t.app.request("/api/health")).status).toBe(200);
    } finally {
      t.services.lifecycle.draining = false;
    }
  });
});
