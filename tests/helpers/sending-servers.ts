import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { createDb, type Database } from "#db/client";
import { TEST_BOT_TOKEN } from "./accounts";
import { type FakeBotApi, startFakeBotApi } from "./fake-bot-api";
import { emptyServerDatabase } from "./server-database";
import { startServerProcess } from "./server-process";

/**
 * For a file of tests with real sending servers (api/main.ts, the bot in webhook mode): a fake Bot
 * API, an empty database of its own on the Postgres server (also opened here) and a data directory,
 * made before its tests; the child processes it started killed and all of it removed after.
 */
export function sendingServers(name: string, channelId: number) {
  let fake: FakeBotApi | undefined;
  let database: Database | undefined;
  let dataDir = "";
  let databaseUrl = "";
  let dropDatabase: () => Promise<void> = async () => {};
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    fake = await startFakeBotApi({ id: channelId, title: name });
    dataDir = await mkdtemp(join(tmpdir(), `${name}-`));
    ({ url: databaseUrl, drop: dropDatabase } = await emptyServerDatabase(name.replaceAll("-", "_")));
    database = await createDb({ databaseUrl, poolSize: 2 });
  });
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    await database?.close();
    await fake?.close();
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  });
  const theFake = () => {
    if (!fake) throw new Error("no fake Bot API");
    return fake;
  };
  return {
    fake: theFake,
    db: () => {
      if (!database) throw new Error("no database");
      return database.db;
    },
    databaseUrl: () => databaseUrl,
    /** A child process killed after the file's tests. */
    owned: (child: ChildProcess) => children.push(child),
    /** A sending server at BROADCAST_RATE `rate`; its calls reach the fake under `via` when given. */
    async server(rate: number, via?: string) {
      const started = await startServerProcess(dataDir, {
        DATABASE_URL: databaseUrl,
        BOT_TOKEN: TEST_BOT_TOKEN,
        BOT_MODE: "webhook",
        BOT_API_ROOT: via ? `${theFake().apiRoot}/${via}` : theFake().apiRoot,
        PUBLIC_URL: "https://shop.example.com",
        BROADCAST_RATE: String(rate),
      });
      children.push(started.proc);
      return started;
    },
  };
}
