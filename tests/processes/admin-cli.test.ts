import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDb } from "#db/client";
import { users } from "#db/schema/index";
import { spawnEntryPoint } from "../helpers/entry-point";

// `npm run admin` as a process of its own, on the PGlite of DATA_DIR (the default database).
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "admin-cli-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const admin = async (args: string[], env: Record<string, string> = {}) => {
  const run = spawnEntryPoint("api/admin-cli.ts", args, { DATABASE_URL: "", DATA_DIR: dataDir, ...env });
  return { code: await run.exited, output: run.output().trim() };
};

it("--help exits 0 with one sentence per command, opening no database", async () => {
  const { code, output } = await admin(["--help"], { DATA_DIR: join(dataDir, "nowhere") });
  expect(code).toBe(0);
  const commands = output.split("\n").filter((line) => /^ {2}\S/.test(line));
  expect(commands.map((line) => line.trim().split(/\s+/)[0])).toEqual([
    "grant",
    "revoke",
    "list",
    "sign-ins",
    "backup",
    "restore",
    "--help",
  ]);
  for (const line of commands) expect(line).toMatch(/ {2}[a-z][^.]*\.$/);
});

// Two processes one after another open PGlite: about 4 s each on an idle machine, 25 s on a loaded
// one (the other runs refuse before opening any).
it("runs as `npm run admin` against the configured database, and says which", {
  timeout: 180_000,
}, async () => {
  // A DATA_DIR with no database (not the server's): refused, and none is made there.
  const elsewhere = join(dataDir, "elsewhere");
  expect(await admin(["list"], { DATA_DIR: elsewhere })).toEqual({
    code: 1,
    output: `No database in ${elsewhere}/pglite: is DATA_DIR the server's? (It starts one there at its first start; DATABASE_URL names a Postgres.)`,
  });

  // An account to promote, in the PGlite the command will open.
  const database = await createDb({ dataDir: join(dataDir, "pglite") });
  const [user] = await database.db
    .insert(users)
    .values({ telegramId: 31337n, telegramUsername: "Owner_31337" })
    .returning();
  await database.close();
  const opened = `Database: PGlite in ${dataDir}/pglite`;

  expect(await admin(["grant", "@owner_31337", "admin"])).toEqual({
    code: 0,
    output: `${opened}\nGranted admin to Telegram 31337 (user ${user?.id}).`,
  });
  expect(await admin(["grant", "42", "admin"])).toEqual({
    code: 1,
    output: `${opened}\nNo user with Telegram id 42. They sign in once first (\`npm run admin -- sign-ins\` lists who did).`,
  });
  // A wrong command line: the usage, before any database is opened.
  expect((await admin([])).code).toBe(2);
  expect((await admin(["promote", "42"])).code).toBe(2);
});
