import { DATABASE_COMMANDS, HELP, isHelp, runAdminCommand, USAGE } from "#api/cli/admin-commands";
import { backup } from "#api/cli/backup";
import { restore } from "#api/cli/backup-restore";
import { runCli, runWithDatabase } from "#api/cli/run";
import { createLogger } from "#api/process/logger";
import { createServiceContext } from "./compose";

const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
const args = process.argv.slice(2);
const [command, file, flag, ...rest] = args;

// `npm run admin -- …`: the server's own database; stop the server first when it is PGlite.
if (isHelp(args)) {
  io.out(HELP);
  process.exit(0);
} else if (
  !command ||
  (!DATABASE_COMMANDS.includes(command) && command !== "backup" && command !== "restore")
) {
  io.err(USAGE);
  process.exit(2);
} else if (command === "backup" || command === "restore") {
  runCli(async (config) => {
    const force = flag === "--force" && command === "restore";
    if (!file || (flag !== undefined && !force) || rest.length) {
      io.err(USAGE);
      return 2;
    }
    return command === "backup" ? backup(config, file, io) : restore(config, file, { force }, io);
  });
} else {
  runWithDatabase(
    (config, database) =>
      runAdminCommand(
        createServiceContext(config, createLogger("silent", console.error), database.db),
        args,
        io,
      ),
    { existing: true },
  );
}
