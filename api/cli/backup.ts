import { existsSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as tar from "tar";
import type { Config } from "#api/process/config";
import type { CommandOutput } from "./admin-commands";
import {
  DUMP,
  FORMAT,
  MANIFEST,
  type Manifest,
  MEDIA,
  mediaDir,
  mediaFilesUnder,
  refusePostgres,
} from "./backup-format";
import { openDatabase, pgliteDir } from "./run";

/**
 * `npm run admin -- backup FILE`, for the embedded database (its restore: api/cli/backup-restore.ts).
 * It takes DATA_DIR's lock, so it refuses while the server runs there. Postgres and a bucket are
 * backed up with their own tools (docs/operating.md, Backups).
 */
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
    const mediaFiles = local ? mediaFilesUnder(mediaDir(config)) : {};
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      media: local,
      mediaFiles,
    };
    writeFileSync(join(staging, MANIFEST), JSON.stringify(manifest));
    if (local) symlinkSync(mediaDir(config), join(staging, MEDIA), "dir");
    const partial = `${target}.partial`;
    await tar.create({ file: partial, cwd: staging, follow: true, portable: true }, [
      MANIFEST,
      DUMP,
      ...(local ? [MEDIA] : []),
    ]);
    renameSync(partial, target);
    const media = local
      ? `${Object.keys(mediaFiles).length} media file(s)`
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
