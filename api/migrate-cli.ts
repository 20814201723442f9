import { runWithDatabase } from "#api/cli/run";
import { migrationState } from "#db/migrate";

// `npm run db:migrate`: the same database and migrations as the server's start (under the same
// advisory lock on Postgres), without starting anything else. For a deploy step that migrates once
// before the new processes start; they then find nothing to do.
runWithDatabase(async (_config, database) => {
  const { unknown } = await migrationState(database.db);
  console.log(
    `migrations are current (${database.kind}${unknown ? `; ${unknown} newer migration(s) applied` : ""})`,
  );
  return 0;
});
