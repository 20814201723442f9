import { join, resolve } from "node:path";
import { type Config, ConfigError, loadConfig } from "#api/process/config";
import { createDb, type Database, DataDirInUseError, NewerDatabaseError } from "#db/client";

/** The embedded database's directory under DATA_DIR (the server's, the CLIs' and the backup's). */
export const pgliteDir = (config: Config) => join(resolve(config.DATA_DIR), "pglite");

/** The server's database, from its configuration, for one command-line tool (one connection). */
export const openDatabase = (config: Config, loadDataDir?: Blob) =>
  createDb({ databaseUrl: config.DATABASE_URL, dataDir: pgliteDir(config), loadDataDir, poolSize: 1 });

/**
 * A command-line tool's run: the server's configuration, then `work`; the exit code is `work`'s,
 * and a known refusal (a bad setting, a DATA_DIR the server holds, a newer database) is one
 * readable line.
 */
export function runCli(work: (config: Config) => Promise<number>): void {
  Promise.resolve()
    .then(() => work(loadConfig()))
    .then(
      (code) => process.exit(code),
      (error: unknown) => {
        const known =
          error instanceof ConfigError ||
          error instanceof DataDirInUseError ||
          error instanceof NewerDatabaseError;
        console.error(known ? error.message : error);
        process.exit(1);
      },
    );
}

/**
 * A run with the server's database (DATABASE_URL, else PGlite in DATA_DIR, which takes one process
 * at a time: while the server has it open this refuses with DataDirInUseError), closed after `work`.
 */
export function runWithDatabase(work: (config: Config, database: Database) => Promise<number>): void {
  runCli(async (config) => {
    const database = await openDatabase(config);
    try {
      return await work(config, database);
    } finally {
      await database.close();
    }
  });
}
