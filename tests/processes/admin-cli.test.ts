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

const admin = async (...args: string[]) => {
  const run = spawnEntryPoint("api/admin-cli.ts", args, { DATABASE_URL: "", DATA_DIR: dataDir });
  return { code: await run.exited, output: run.output().trim() };
};

// Three processes one after another, each opening PGlite: about 4 s each on an idle machine, 25 s on
// a loaded one.
it("runs as `npm run admin` against the configured database", { timeout: 150_000 }, async () => {
  // An account to promote, in the PGlite the command will open.
  const database = await createDb({ dataDir: join(dataDir, "pglite") });
  const [user] = await database.db.insert(users).values({ telegramId: 31337n }).returning();
  await database.close();

  expect(await admin("grant", "31337", "admin")).toEqual({
    code: 0,
    output: `Granted admin to Telegram 31337 (user ${user?.id}).`,
  });
  expect(await admin("grant", "42", "admin")).toEqual({
    code: 1,
    output: "No user with Telegram id 42. They sign in once first.",
  });
  expect((await admin()).code).toBe(2);
});
