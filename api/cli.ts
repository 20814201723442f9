import { join, resolve } from "node:path";
import { createDb, type Database, DataDirInUseError, NewerDatabaseError } from "#db/client";
import { type Config, ConfigError, loadConfig } from "./config";

/**
 * A command-line tool's run: the server's configuration and database (DATABASE_URL, else PGlite in
 * DATA_DIR, which takes one process at a time: while the server has it open this refuses with
 * DataDirInUseError), closed after `work`; the exit code is `work`'s, and a known refusal is one
 * readable line.
 */
export function runWithDatabase(work: (config: Config, database: Database) => Promise<number>): void {
  const main = async () => {
    const config = loadConfig();
    const database = await createDb({
      databaseUrl: config.DATABASE_URL,
      dataDir: join(resolve(config.DATA_DIR), "pglite"),
      poolSize: 1,
    });
    try {
      return await work(config, database);
    } finally {
      await database.close();
    }
  };
  main().then(
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
