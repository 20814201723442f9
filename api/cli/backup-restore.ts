import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { join, posix, resolve, sep } from "node:path";
import type { Config } from "#api/process/config";
import { createDb, NewerDatabaseError, PGLITE_LOCK_FILE } from "#db/client";
import { lockPgliteDir } from "#db/pglite-lock";
import type { CommandOutput } from "./admin-commands";
import {
  DUMP,
  FORMAT,
  MANIFEST,
  type Manifest,
  MEDIA,
  manifestSchema,
  mediaDir,
  mediaFilesUnder,
  refusePostgres,
} from "./backup-format";
import { type Budget, NotABackup, NotRestored, unpackTar } from "./backup-unpack";
import { pgliteDir } from "./run";

/**
 * `npm run admin -- restore FILE [--force]`, for the embedded database (decision 098): the backup is
 * unpacked and checked in a staging folder, and only a backup that passes every check replaces
 * DATA_DIR's database and media; any refusal leaves them as they were and says why in one line.
 */

/** Inside DATA_DIR, so that putting the restored folders in place is a rename on one disk. */
const STAGING = "restore-staging";
const GiB = 1024 ** 3;
/** backup.json is read whole; ours lists each media file in well under this. */
const MAX_MANIFEST = 16 * 1024 * 1024;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What a directory holds besides the lock file restore itself takes there. */
const contentsOf = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((name) => name !== PGLITE_LOCK_FILE) : [];

/** The bytes of the regular files under `dir`, links not followed. */
const bytesUnder = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .reduce((sum, entry) => sum + lstatSync(join(entry.parentPath, entry.name)).size, 0)
    : 0;

/**
 * RESTORE_MAX_BYTES unset: the largest of 1 GiB, four times the data the restore replaces and four
 * times the backup file. A backup of this shop fits; a file that expands far beyond it does not.
 */
const defaultCap = (config: Config, source: string) =>
  Math.max(
    GiB,
    4 * (bytesUnder(pgliteDir(config)) + bytesUnder(mediaDir(config))),
    4 * statSync(source).size,
  );

export async function restore(
  config: Config,
  file: string,
  options: { force: boolean },
  io: CommandOutput,
): Promise<number> {
  if (refusePostgres(config, io, "pg_restore")) return 1;
  const source = resolve(file);
  const dataDir = resolve(config.DATA_DIR);
  const unchanged = `${dataDir} is unchanged.`;
  if (!statSync(source, { throwIfNoEntry: false })?.isFile()) {
    io.err(`${source} is not a backup: there is no such file. ${unchanged}`);
    return 1;
  }
  const dbDir = pgliteDir(config);
  // Refused while a server holds DATA_DIR, before anything is read or written.
  mkdirSync(dbDir, { recursive: true });
  const release = lockPgliteDir(dbDir);
  const staging = join(dataDir, STAGING);
  let keepStaging = false;
  try {
    if (!options.force && (contentsOf(dbDir).length > 0 || contentsOf(mediaDir(config)).length > 0)) {
      io.err(`${dataDir} already holds a database or media: restore replaces them only when told --force.`);
      return 1;
    }
    // A restore that was killed leaves its staging folder behind: nothing in it is needed.
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging);
    const budget: Budget = { max: config.RESTORE_MAX_BYTES ?? defaultCap(config, source), used: 0 };
    let mediaFiles: number;
    try {
      mediaFiles = await stage(source, staging, budget);
      swapIn(config, staging);
    } catch (error) {
      if (error instanceof HalfSwapped) {
        keepStaging = true;
        io.err(`Restore from ${source} stopped halfway: ${error.message}`);
      } else if (error instanceof NotABackup) {
        io.err(`${source} is not a backup: ${error.message}. ${unchanged}`);
      } else {
        io.err(`Not restored from ${source}: ${messageOf(error)}. ${unchanged}`);
      }
      return 1;
    }
    io.out(`Restored the database and ${mediaFiles} media file(s) from ${source} into ${dataDir}.`);
    return 0;
  } finally {
    release();
    if (!keepStaging) rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Unpacks the backup into `staging` and checks it: a backup.json of this format, the database's
 * dump unpacked into a folder that opens as a database no newer than this version (whose pending
 * migrations are applied there), and the media backup.json lists present and whole. Returns how
 * many media files it holds.
 */
async function stage(source: string, staging: string, budget: Budget): Promise<number> {
  const unpacked = join(staging, "backup");
  mkdirSync(unpacked);
  await unpackTar(source, unpacked, budget, "the file");
  const manifest = readManifest(join(unpacked, MANIFEST));
  const dump = join(unpacked, DUMP);
  if (!lstatSync(dump, { throwIfNoEntry: false })?.isFile()) throw new NotABackup(`it holds no ${DUMP}`);
  const database = join(staging, "pglite");
  mkdirSync(database);
  // The dump holds the lock file of the process that made it: the restored folder starts unlocked.
  const lockFile = (path: string) => posix.normalize(`/${path}`) === `/${PGLITE_LOCK_FILE}`;
  await unpackTar(dump, database, budget, `its ${DUMP}`, lockFile);
  rmSync(dump);
  if (!existsSync(join(database, "PG_VERSION"))) throw new NotABackup(`its ${DUMP} holds no database`);
  const mediaFiles = checkMedia(manifest, join(unpacked, MEDIA));
  await openStaged(database);
  return mediaFiles;
}

function readManifest(path: string): Manifest {
  const info = lstatSync(path, { throwIfNoEntry: false });
  if (!info?.isFile()) throw new NotABackup(`it holds no ${MANIFEST}`);
  if (info.size > MAX_MANIFEST)
    throw new NotABackup(`its ${MANIFEST} is too long to be one (${info.size} bytes)`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new NotABackup(`its ${MANIFEST} is not JSON (${messageOf(error)})`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new NotABackup(
      `its ${MANIFEST} does not describe a backup of format ${FORMAT} (${issue?.path.join(".") || "the whole"}: ${issue?.message})`,
    );
  }
  return parsed.data;
}

/** A backup that says it holds media has the folder, and every file backup.json lists is there with its size. */
function checkMedia(manifest: Manifest, media: string): number {
  const folder = lstatSync(media, { throwIfNoEntry: false });
  if (folder && !folder.isDirectory()) throw new NotABackup(`its ${MEDIA} is not a folder`);
  if (manifest.media && !folder)
    throw new NotABackup(`${MANIFEST} says it holds media, but it has no ${MEDIA} folder`);
  for (const [name, size] of Object.entries(manifest.mediaFiles ?? {})) {
    const path = join(media, name);
    const file = path.startsWith(media + sep) ? lstatSync(path, { throwIfNoEntry: false }) : undefined;
    if (!file?.isFile() || file.size !== size) {
      throw new NotABackup(`${MEDIA}/${name}, listed in ${MANIFEST}, is ${file ? "not whole" : "missing"}`);
    }
  }
  return folder ? Object.keys(mediaFilesUnder(media)).length : 0;
}

/** Opening applies this version's pending migrations; a database migrated by a newer version is refused. */
async function openStaged(dir: string): Promise<void> {
  const database = await createDb({ dataDir: dir, poolSize: 1 }).catch((error: unknown) => {
    throw error instanceof NewerDatabaseError
      ? new NotRestored(
          `it was taken by a newer version of this app (${error.unknown} migration(s) this version does not know): restore it with that version or a newer one`,
        )
      : new NotABackup(`its database does not open (${messageOf(error)})`);
  });
  await database.close();
}

/** A failed rename whose undoing failed too: the previous folders are left in the staging folder. */
class HalfSwapped extends Error {}

/**
 * Puts the staged database and media in place of DATA_DIR's, one rename per folder: the media
 * first, the database folder (which holds the lock) last. A failed rename undoes the ones before
 * it; the previous folders go with the staging folder only once every rename succeeded.
 */
function swapIn(config: Config, staging: string): void {
  const previous = join(staging, "previous");
  mkdirSync(previous);
  const current = { media: mediaDir(config), database: pgliteDir(config) };
  const restored = { media: join(staging, "backup", MEDIA), database: join(staging, "pglite") };
  const moves: [from: string, to: string][] = [];
  if (lstatSync(current.media, { throwIfNoEntry: false })) moves.push([current.media, join(previous, MEDIA)]);
  if (existsSync(restored.media)) moves.push([restored.media, current.media]);
  moves.push([current.database, join(previous, "pglite")], [restored.database, current.database]);
  const done: typeof moves = [];
  try {
    for (const [from, to] of moves) {
      renameSync(from, to);
      done.push([from, to]);
    }
  } catch (error) {
    try {
      for (const [from, to] of done.reverse()) renameSync(to, from);
    } catch {
      throw new HalfSwapped(
        `${messageOf(error)}; the previous database and media are in ${previous}: move them back into ${resolve(config.DATA_DIR)} by hand`,
      );
    }
    throw new NotRestored(`moving it into place failed (${messageOf(error)})`);
  }
}
