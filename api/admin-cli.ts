import { runAdminCommand, USAGE } from "./admin-commands";
import { backup } from "./backup";
import { restore } from "./backup-restore";
import { runCli, runWithDatabase } from "./cli";
import { createServiceContext } from "./compose";
import { createLogger } from "./logger";

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
