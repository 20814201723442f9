import {
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restore } from "#api/cli/backup-restore";
import { LocalStorage } from "#api/domain/ports/local-storage";
import { loadConfig } from "#api/process/config";
import { createDb, executeRows } from "#db/client";
import { spawnEntryPoint } from "../helpers/entry-point";
import { startServerProcess } from "../helpers/server-process";

// `npm run admin -- restore` on the embedded database (always PGlite, whatever DATABASE_URL says),
// given backups it must refuse: each refusal says why in one line and leaves DATA_DIR's database
// and media as they were, and the server then starts on them.

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
const MiB = 1024 * 1024;

let root: string;
let current: string;
let imageUrl: string;
/** A sound database dump (an empty shop's), and the same after a newer version migrated it. */
let dump: Buffer;
let newerDump: Buffer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "restore-refusals-"));
  current = join(root, "current");
  const database = await createDb({ dataDir: join(current, "pglite") });
  const dumpOf = async () => {
    const blob = await database.dumpDataDir?.();
    if (!blob) throw new Error("PGlite gave no dump");
    return Buffer.from(await blob.arrayBuffer());
  };
  dump = await dumpOf();
  await database.db.execute(
    sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', 99999999999999)`,
  );
  newerDump = await dumpOf();
  await database.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'newer'`);
  // The shop's current data: a product and its image.
  imageUrl = await new LocalStorage(join(current, "media")).put(
    "product-images",
    "kept.svg",
    SVG,
    "image/svg+xml",
  );
  await database.db.execute(
    sql`insert into products (title, credit_price, primary_image_url) values ('Kept Kush', '12.50', ${imageUrl})`,
  );
  await database.close();
}, 120_000); // a backup of a real database and two servers: slow on a busy CI machine
afterAll(() => rm(root, { recursive: true, force: true }));

/** Every file under DATA_DIR with its size and modification time: a restore that touched one shows. */
const snapshot = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const info = statSync(path);
      return `${path.slice(dir.length)} ${info.size} ${info.mtimeMs}`;
    })
    .sort();

const manifest = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    format: 1,
    createdAt: "2026-11-27T00:00:00.000Z",
    media: true,
    mediaFiles: { "product-images/new.svg": SVG.length },
    ...fields,
  });

type Parts = Record<string, string | Buffer>;
const soundParts = (): Parts => ({
  "backup.json": manifest(),
  "database.tar.gz": dump,
  "media/product-images/new.svg": SVG,
});

let made = 0;
/**
 * A backup file from its parts (in that order), each a file; `shape` adds to the folder it is
 * archived from before tar reads it (links, a huge file).
 */
async function backupOf(parts: Parts, options: { gzip?: boolean; shape?: (dir: string) => void } = {}) {
  made += 1;
  const dir = join(root, `parts-${made}`);
  for (const [path, body] of Object.entries(parts)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), body);
  }
  options.shape?.(dir);
  const file = join(root, `backup-${made}.tar`);
  await tar.create({ file, cwd: dir, portable: true, gzip: options.gzip ?? false }, readdirSync(dir));
  return file;
}

/** The bytes of a gzipped tar of one sparse file of `size` zero bytes: kilobytes that unpack to `size`. */
async function zerosArchive(path: string, size: number) {
  made += 1;
  const dir = join(root, `zeros-${made}`);
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), "");
  truncateSync(join(dir, path), size);
  const file = join(root, `zeros-${made}.tar.gz`);
  await tar.create({ file, cwd: dir, portable: true, gzip: true }, [path.split("/")[0] as string]);
  return readFileSync(file);
}

async function restoreInto(dataDir: string, file: string, env: Record<string, string> = {}) {
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  const code = await restore(loadConfig({ DATA_DIR: dataDir, ...env }), file, { force: true }, io);
  return { code, output: lines.join("\n") };
}

/** Restores `file` over the current data with --force, expecting a refusal that leaves it all as it was. */
async function expectRefused(file: string, env: Record<string, string> = {}) {
  const before = snapshot(current);
  const result = await restoreInto(current, file, env);
  expect(result.code).toBe(1);
  expect(result.output).not.toContain("\n");
  expect(result.output).toMatch(/is unchanged\.$/);
  expect(snapshot(current)).toEqual(before);
  expect(readdirSync(current).sort()).toEqual(["media", "pglite"]);
  return result.output;
}

describe("restore checks a backup before it replaces anything", () => {
  it("refuses a damaged database archive", async () => {
    const truncated = await backupOf({
      ...soundParts(),
      "database.tar.gz": dump.subarray(0, dump.length / 2),
    });
    expect(await expectRefused(truncated)).toMatch(
      /is not a backup: its database\.tar\.gz is damaged or not a tar archive \(/,
    );
    const garbage = await backupOf({ ...soundParts(), "database.tar.gz": Buffer.alloc(4096, 7) });
    expect(await expectRefused(garbage)).toMatch(/is not a backup: its database\.tar\.gz is damaged/);
    const empty = await backupOf({
      ...soundParts(),
      "database.tar.gz": await zerosArchive("nothing/here", 0),
    });
    expect(await expectRefused(empty)).toMatch(/is not a backup: its database\.tar\.gz holds no database\./);
  });

  it("refuses a backup taken by a newer version (its migrations are not this version's)", async () => {
    const newer = await backupOf({ ...soundParts(), "database.tar.gz": newerDump });
    expect(await expectRefused(newer)).toMatch(
      /^Not restored from .*: it was taken by a newer version of this app \(1 migration\(s\) this version does not know\)/,
    );
  }, 30_000);

  it("refuses a backup that unpacks past RESTORE_MAX_BYTES, in its media or in its database dump", async () => {
    const cap = { RESTORE_MAX_BYTES: String(32 * MiB) };
    // Media that expand past the cap, in a gzipped backup of kilobytes.
    const hugeMedia = await backupOf(soundParts(), {
      gzip: true,
      shape: (dir) => truncateSync(join(dir, "media/product-images/new.svg"), 64 * MiB),
    });
    expect(statSync(hugeMedia).size).toBeLessThan(6 * MiB);
    expect(await expectRefused(hugeMedia, cap)).toMatch(
      /^Not restored from .*: it unpacks to more than RESTORE_MAX_BYTES \(33554432 bytes\)/,
    );
    // A database dump that does.
    const hugeDump = await zerosArchive("base/1/huge", 64 * MiB);
    const bomb = await backupOf({ ...soundParts(), "database.tar.gz": hugeDump });
    expect(await expectRefused(bomb, cap)).toMatch(/it unpacks to more than RESTORE_MAX_BYTES/);
  });

  it("refuses symbolic and hard links inside the archive", async () => {
    const symbolic = await backupOf(soundParts(), {
      shape: (dir) => symlinkSync("../../database.tar.gz", join(dir, "media/product-images/link.svg")),
    });
    expect(await expectRefused(symbolic)).toMatch(
      /is not a backup: the file holds a symbolic link, media\/product-images\/link\.svg\./,
    );
    const hard = await backupOf(soundParts(), {
      shape: (dir) => linkSync(join(dir, "database.tar.gz"), join(dir, "media/product-images/hard.svg")),
    });
    expect(await expectRefused(hard)).toMatch(
      /is not a backup: the file holds a hard link, media\/product-images\//,
    );
  });

  it("says 'not a backup' and why for a malformed backup.json, a missing part or a file that is no archive", async () => {
    const cases: [Parts | string, RegExp][] = [
      [{ ...soundParts(), "backup.json": "{ not json" }, /its backup\.json is not JSON \(/],
      [
        { ...soundParts(), "backup.json": manifest({ format: 2 }) },
        /its backup\.json does not describe a backup of format 1 \(format: /,
      ],
      [{ "backup.json": manifest(), "media/product-images/new.svg": SVG }, /it holds no database\.tar\.gz\./],
      [{ "database.tar.gz": dump }, /it holds no backup\.json\./],
      [
        { ...soundParts(), "media/product-images/new.svg": "short" },
        /media\/product-images\/new\.svg, listed in backup\.json, is not whole\./,
      ],
      [
        { "backup.json": manifest(), "database.tar.gz": dump },
        /backup\.json says it holds media, but it has no media folder\./,
      ],
      [join(root, "no-such.backup"), /there is no such file\./],
    ];
    for (const [parts, reason] of cases) {
      const file = typeof parts === "string" ? parts : await backupOf(parts);
      expect(await expectRefused(file)).toMatch(new RegExp(`is not a backup: ${reason.source}`));
    }
    const notTar = join(root, "not-a-tar.backup");
    writeFileSync(notTar, "not a tar at all");
    expect(await expectRefused(notTar)).toMatch(
      /is not a backup: the file is damaged or not a tar archive \(/,
    );

    // Through the command: the same one line and exit code 1, no stack trace.
    const malformed = await backupOf({ ...soundParts(), "backup.json": "{ not json" });
    const before = snapshot(current);
    const run = spawnEntryPoint("api/admin-cli.ts", ["restore", malformed, "--force"], {
      DATABASE_URL: "",
      DATA_DIR: current,
      LOG_LEVEL: "silent",
    });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toMatch(
      /^\S+ is not a backup: its backup\.json is not JSON \([^\n]*\)\. \S+ is unchanged\.$/,
    );
    expect(snapshot(current)).toEqual(before);
  }, 60_000);

  it("refuses on Postgres before reading anything", async () => {
    const before = snapshot(current);
    const result = await restoreInto(current, await backupOf(soundParts()), {
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/postgres",
    });
    expect(result).toEqual({
      code: 1,
      output: expect.stringContaining("back it up with its own tools (pg_restore)"),
    });
    expect(snapshot(current)).toEqual(before);
  });

  it("leaves a DATA_DIR the server starts on, with its product and image; a sound backup then replaces them", async () => {
    // On this very directory (startServerProcess's own is one per port below it).
    const server = await startServerProcess(current, { DATA_DIR: current, LOG_LEVEL: "silent" });
    const { port } = server;
    try {
      const { products } = (await (await fetch(`http://127.0.0.1:${port}/api/products`)).json()) as {
        products: { title: string; primaryImageUrl: string | null }[];
      };
      expect(products.map((p) => [p.title, p.primaryImageUrl])).toEqual([["Kept Kush", imageUrl]]);
      const image = await fetch(`http://127.0.0.1:${port}${imageUrl}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(SVG);
    } finally {
      server.proc.kill("SIGTERM");
      await server.exited;
    }

    // Made before backups listed their media files: backup.json says only that it holds media.
    const file = await backupOf({ ...soundParts(), "backup.json": manifest({ mediaFiles: undefined }) });
    expect(await restoreInto(current, file)).toEqual({
      code: 0,
      output: `Restored the database and 1 media file(s) from ${file} into ${current}.`,
    });
    expect(readdirSync(current).sort()).toEqual(["media", "pglite"]);
    expect(readdirSync(join(current, "media", "product-images"))).toEqual(["new.svg"]);
    const restored = await createDb({ dataDir: join(current, "pglite") });
    try {
      expect(await executeRows(restored.db, sql`select title from products`)).toEqual([]);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
