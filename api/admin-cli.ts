import { join, resolve } from "node:path";
import { createDb, DataDirInUseError } from "#db/client";
import { runAdminCommand } from "./admin-commands";
import { createServiceContext } from "./compose";
import { ConfigError, loadConfig } from "./config";
import { createLogger } from "./logger";

// Same database as the server (DATABASE_URL, else PGlite in DATA_DIR). PGlite takes one process
// at a time: while the server has it open this refuses (DataDirInUseError); stop the server first.
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await createDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: join(resolve(config.DATA_DIR), "pglite"),
    poolSize: 1,
  });
  try {
    const context = createServiceContext(config, createLogger("silent", console.error), database.db);
    return await runAdminCommand(context, process.argv.slice(2), {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error);
    process.exit(1);
  },
);
