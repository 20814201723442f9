import { join, resolve } from "node:path";
import { createDb, DataDirInUseError, NewerDatabaseError } from "#db/client";
import { migrationState } from "#db/migrate";
import { ConfigError, loadConfig } from "./config";

// `npm run db:migrate`: the same database and migrations as the server's start (under the same
// advisory lock on Postgres), without starting anything else. For a deploy step that migrates once
// before the new processes start; they then find nothing to do.
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await createDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: join(resolve(config.DATA_DIR), "pglite"),
    poolSize: 1,
  });
  try {
    const { unknown } = await migrationState(database.db);
    console.log(
      `migrations are current (${database.kind}${unknown ? `; ${unknown} newer migration(s) applied` : ""})`,
    );
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const known =
      error instanceof ConfigError ||
      error instanceof DataDirInUseError ||
      error instanceof NewerDatabaseError;
    console.error(known ? error.message : error);
    process.exit(1);
  },
);
