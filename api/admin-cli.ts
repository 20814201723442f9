import { runAdminCommand, USAGE } from "#api/cli/admin-commands";
import { backup } from "#api/cli/backup";
import { restore } from "#api/cli/backup-restore";
import { runCli, runWithDatabase } from "#api/cli/run";
import { createLogger } from "#api/process/logger";
import { createServiceContext } from "./compose";

const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
const [command, file, flag, ...rest] = process.argv.slice(2);

// `npm run admin -- …`: the server's own database; stop the server first when it is PGlite.
if (command === "backup" || command === "restore") {
  runCli(async (config) => {
    const force = flag === "--force" && command === "restore";
    if (!file || (flag !== undefined && !force) || rest.length) {
      io.err(USAGE);
      return 2;
    }
    return command === "backup" ? backup(config, file, io) : restore(config, file, { force }, io);
  });
} else {
  runWithDatabase((config, database) =>
    runAdminCommand(
      createServiceContext(config, createLogger("silent", console.error), database.db),
      process.argv.slice(2),
      io,
    ),
  );
}
