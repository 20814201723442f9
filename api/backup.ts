import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as tar from "tar";
import { lockPgliteDir, PGLITE_LOCK_FILE } from "#db/pglite-lock";
import type { CommandOutput } from "./admin-commands";
import { openDatabase, pgliteDir } from "./cli";
import type { Config } from "./config";

/**
 * `npm run admin -- backup FILE` and `restore FILE [--force]`, for the embedded database: one tar
 * holding backup.json, PGlite's data dump (database.tar.gz) and the locally stored media (media/).
 * Both take DATA_DIR's lock, so they refuse while the server runs there. Postgres and a bucket are
 * backed up with their own tools (docs/operating.md, Backups).
 */

const FORMAT = 1;
const DUMP = "database.tar.gz";
const MANIFEST = "backup.json";
const MEDIA = "media";

const mediaDir = (config: Config) => join(resolve(config.DATA_DIR), MEDIA);

const filesUnder = (dir: string): number =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
    : 0;

/** What a directory holds besides the lock file restore itself takes there. */
const contentsOf = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((name) => name !== PGLITE_LOCK_FILE) : [];

function refusePostgres(config: Config, io: CommandOutput, tool: string): boolean {
  if (!config.DATABASE_URL) return false;
  io.err(
    `DATABASE_URL names a Postgres server: back it up with its own tools (${tool}); see docs/operating.md, Backups. This command is for the embedded database.`,
  );
  return true;
}

export async function backup(config: Config, file: string, io: CommandOutput): Promise<number> {
  if (refusePostgres(config, io, "pg_dump")) return 1;
  if (!existsSync(join(pgliteDir(config), "PG_VERSION"))) {
    io.err(`No database in ${pgliteDir(config)}: nothing to back up (is DATA_DIR right?).`);
    return 1;
  }
  const target = resolve(file);
  if (existsSync(target)) {
    io.err(`${target} already exists: name a new file.`);
    return 1;
  }
  // Opening the database takes DATA_DIR's lock (refused while the server runs) and holds it until
  // the media are in the archive too, so nothing changes underneath.
  const database = await openDatabase(config);
  const staging = mkdtempSync(join(tmpdir(), "shop-backup-"));
  try {
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new Error("the embedded database gave no data dump");
    writeFileSync(join(staging, DUMP), Buffer.from(await dump.arrayBuffer()));
    const local = config.STORAGE !== "s3" && existsSync(mediaDir(config));
    writeFileSync(
      join(staging, MANIFEST),
      JSON.stringify({ format: FORMAT, createdAt: new Date().toISOString(), media: local }),
    );
    if (local) symlinkSync(mediaDir(config), join(staging, MEDIA), "dir");
    const partial = `${target}.partial`;
    await tar.create({ file: partial, cwd: staging, follow: true, portable: true }, [
      MANIFEST,
      DUMP,
      ...(local ? [MEDIA] : []),
    ]);
    renameSync(partial, target);
    const media = local
      ? `${filesUnder(mediaDir(config))} media file(s)`
      : config.STORAGE === "s3"
        ? "no media (they are in the bucket: back it up with aws s3 sync, see docs/operating.md)"
        : "no media (none stored yet)";
    io.out(`Backed up the database and ${media} to ${target}.`);
    return 0;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    await database.close();
  }
}

export async function restore(
  config: Config,
  file: string,
  options: { force: boolean },
  io: CommandOutput,
): Promise<number> {
  if (refusePostgres(config, io, "pg_restore")) return 1;
  const source = resolve(file);
  if (!existsSync(source)) {
    io.err(`${source} does not exist.`);
    return 1;
  }
  const dbDir = pgliteDir(config);
  // Refused while a server holds DATA_DIR, before anything is read or removed.
  mkdirSync(dbDir, { recursive: true });
  const release = lockPgliteDir(dbDir);
  const staging = mkdtempSync(join(tmpdir(), "shop-restore-"));
  try {
    if (!options.force && (contentsOf(dbDir).length > 0 || contentsOf(mediaDir(config)).length > 0)) {
      io.err(
        `${resolve(config.DATA_DIR)} already holds a database or media: restore replaces them only when told --force.`,
      );
      return 1;
    }
    // node-tar keeps every entry inside `cwd` (no absolute paths, no ..).
    const readable = await tar.extract({ file: source, cwd: staging, strict: true }).then(
      () => true,
      () => false,
    );
    const manifest =
      readable && existsSync(join(staging, MANIFEST))
        ? (JSON.parse(readFileSync(join(staging, MANIFEST), "utf8")) as { format?: unknown })
        : undefined;
    if (!readable || manifest?.format !== FORMAT || !existsSync(join(staging, DUMP))) {
      io.err(`${source} is not a backup made by npm run admin -- backup.`);
      return 1;
    }
    for (const name of contentsOf(dbDir)) rmSync(join(dbDir, name), { recursive: true, force: true });
    rmSync(mediaDir(config), { recursive: true, force: true });
    release();
    // Opening it from the dump takes the lock again and applies this version's newer migrations.
    const database = await openDatabase(config, new Blob([readFileSync(join(staging, DUMP))]));
    await database.close();
    const media = join(staging, MEDIA);
    if (existsSync(media)) cpSync(media, mediaDir(config), { recursive: true });
    io.out(
      `Restored the database and ${filesUnder(media)} media file(s) from ${source} into ${resolve(config.DATA_DIR)}.`,
    );
    return 0;
  } finally {
    release();
    rmSync(staging, { recursive: true, force: true });
  }
}
