import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalStorage } from "#api/domain/ports/local-storage";
import { createDb, executeRows } from "#db/client";
import { seedDemoData } from "#db/seed/index";
import { spawnEntryPoint } from "../helpers/entry-point";
import { startServerProcess } from "../helpers/server-process";

// `npm run admin -- backup|restore` on the embedded database: always PGlite, whatever DATABASE_URL says.
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "backup-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const admin = async (dataDir: string, ...args: string[]) => {
  const run = spawnEntryPoint("api/admin-cli.ts", args, {
    DATABASE_URL: "",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
  });
  return { code: await run.exited, output: run.output().trim() };
};

type Counts = { users: number; products: number; orders: number; lines: number };
async function countsIn(dataDir: string): Promise<Counts> {
  const database = await createDb({ dataDir: join(dataDir, "pglite") });
  try {
    const [row] = await executeRows<Counts>(
      database.db,
      sql`select (select count(*)::int from users) as users, (select count(*)::int from products) as products,
            (select count(*)::int from orders) as orders, (select count(*)::int from order_lines) as lines`,
    );
    return row as Counts;
  } finally {
    await database.close();
  }
}

const mediaFiles = (dataDir: string) =>
  readdirSync(join(dataDir, "media"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(join(dataDir, "media").length))
    .sort();

describe("npm run admin -- backup and restore (embedded database and local media)", () => {
  it("round-trips products, orders, members and files into a fresh DATA_DIR that a server then runs on", async () => {
    const source = join(root, "source");
    const storage = new LocalStorage(join(source, "media"));
    const database = await createDb({ dataDir: join(source, "pglite") });
    await seedDemoData(database.db, (bucket, name, bytes, type) => storage.put(bucket, name, bytes, type));
    await database.db.execute(sql`insert into users (telegram_username) values ('backup_member')`);
    await database.db.execute(
      sql`insert into orders (status, total_credits, delivery_name, delivery_address, delivery_state)
          values ('placed', '12.50', 'Bea Backup', '1 Main St, Springfield', 'TX')`,
    );
    await database.db.execute(
      sql`insert into order_lines (order_id, title, unit_credits, quantity) select id, 'Kept Kush', '6.25', 2 from orders`,
    );
    await database.close();
    const before = await countsIn(source);
    expect(before.products).toBeGreaterThan(0);
    expect(mediaFiles(source).length).toBeGreaterThan(0);

    const file = join(root, "shop.backup");
    const backedUp = await admin(source, "backup", file);
    expect(backedUp).toEqual({
      code: 0,
      output: `Backed up the database and ${mediaFiles(source).length} media file(s) to ${file}.`,
    });
    expect((await admin(source, "backup", file)).output).toBe(`${file} already exists: name a new file.`);

    const target = join(root, "target");
    expect((await admin(target, "restore", file)).code).toBe(0);
    expect(await countsIn(target)).toEqual(before);
    expect(mediaFiles(target)).toEqual(mediaFiles(source));

    // A server starts there and serves the same catalogue and files.
    // On this very directory (startServerProcess's own is one per port below it).
    const server = await startServerProcess(target, { DATA_DIR: target, LOG_LEVEL: "silent" });
    const { port } = server;
    try {
      const { products } = (await (await fetch(`http://127.0.0.1:${port}/api/products`)).json()) as {
        products: { primaryImageUrl: string | null }[];
      };
      expect(products).toHaveLength(before.products);
      const image = products.find((p) => p.primaryImageUrl?.startsWith("/media/"))?.primaryImageUrl;
      expect(image).toBeDefined();
      const served = await fetch(`http://127.0.0.1:${port}${image}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(
        readFileSync(join(source, "media", (image ?? "").slice("/media/".length))),
      );
      // While the server holds the directory, neither command touches it.
      const refused = await admin(target, "backup", join(root, "while-running.backup"));
      expect(refused.code).toBe(1);
      expect(refused.output).toContain("is in use by process");
      expect((await admin(target, "restore", file, "--force")).output).toContain("is in use by process");
      expect(existsSync(join(root, "while-running.backup"))).toBe(false);
    } finally {
      server.proc.kill("SIGTERM");
      await server.exited;
    }
  }, 240_000);

  it("restore refuses a DATA_DIR that holds data unless told --force, and a file that is no backup", async () => {
    const file = join(root, "shop.backup");
    const target = join(root, "target");
    const refused = await admin(target, "restore", file);
    expect(refused).toEqual({
      code: 1,
      output: `${target} already holds a database or media: restore replaces them only when told --force.`,
    });
    const forced = await admin(target, "restore", file, "--force");
    expect(forced.code).toBe(0);
    expect(forced.output).toMatch(/^Restored the database and \d+ media file\(s\) from /);

    const bogus = join(root, "bogus.backup");
    writeFileSync(bogus, "not a tar at all");
    const fresh = join(root, "fresh");
    const notBackup = await admin(fresh, "restore", bogus);
    expect(notBackup.code).toBe(1);
    expect(notBackup.output).not.toBe("");
    expect(existsSync(join(fresh, "pglite", "PG_VERSION"))).toBe(false);
  }, 120_000);

  it("says what to use instead on Postgres, and how to call it", async () => {
    const onPostgres = spawnEntryPoint("api/admin-cli.ts", ["backup", join(root, "pg.backup")], {
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/postgres",
      LOG_LEVEL: "silent",
    });
    expect(await onPostgres.exited).toBe(1);
    expect(onPostgres.output()).toContain("back it up with its own tools (pg_dump)");
    expect((await admin(join(root, "usage"), "restore")).code).toBe(2);
    expect((await admin(join(root, "usage"), "backup", "x", "--force")).code).toBe(2);
  }, 60_000);
});
