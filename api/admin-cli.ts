import { runAdminCommand } from "./admin-commands";
import { runWithDatabase } from "./cli";
import { createServiceContext } from "./compose";
import { createLogger } from "./logger";

// `npm run admin -- …`: the server's own database; stop the server first when it is PGlite.
runWithDatabase((config, database) =>
  runAdminCommand(
    createServiceContext(config, createLogger("silent", console.error), database.db),
    process.argv.slice(2),
    {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    },
  ),
);
