import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedPageSchema } from "#api/contracts/feed";
import { GOOD_PASSWORD, TEST_BOT_TOKEN, uniqueEmail } from "../helpers/accounts";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { emptyServerDatabase } from "../helpers/server-database";
import { startServerProcess } from "../helpers/server-process";
import { SseReader } from "../helpers/sse-client";
import { eventually } from "../helpers/test-app";

// Two processes share one database only on a Postgres server (see emptyServerDatabase).
const CHANNEL = { id: -1005550001, username: "twoprocs", title: "Two Processes" };

let fake: FakeBotApi;
let dataDir: string;
let databaseUrl: string;
let dropDatabase: () => Promise<void> = async () => {};
const children: ChildProcess[] = [];

beforeAll(async () => {
  fake = await startFakeBotApi(CHANNEL);
  dataDir = await mkdtemp(join(tmpdir(), "two-proc-"));
  ({ url: databaseUrl, drop: dropDatabase } = await emptyServerDatabase("two_proc"));
});
afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await fake.close();
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

describe("two API processes on one Postgres", () => {
  it("a channel post received by process A reaches a feed open on process B", async () => {
    // A runs the bot (long polling against the fake Bot API); B runs none.
    const a = await startServerProcess(dataDir, {
      DATABASE_URL: databaseUrl,
      BOT_TOKEN: TEST_BOT_TOKEN,
      BOT_MODE: "polling",
      BOT_API_ROOT: fake.apiRoot,
      TELEGRAM_CHANNEL_ID: String(CHANNEL.id),
      PUBLIC_URL: "https://shop.example.com",
    });
    children.push(a.proc);
    const b = await startServerProcess(dataDir, { DATABASE_URL: databaseUrl, BOT_MODE: "off" });
    children.push(b.proc);
    await eventually(async () => expect(fake.callsTo("getUpdates").length).toBeGreaterThan(0), 20_000);

    const email = uniqueEmail("two-proc");
    const signUp = await fetch(`${b.url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email,
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
        ageConfirmed: true,
      }),
    });
    expect(signUp.status).toBe(201);
    const { token } = (await signUp.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const stream = new SseReader(await fetch(`${b.url}/api/events`, { headers: auth }));
    await eventually(async () => expect(stream.comments).toContain("connected"));

    fake.push({
      channel_post: {
        message_id: 77,
        date: Math.floor(Date.now() / 1000),
        chat: { id: CHANNEL.id, type: "channel", title: CHANNEL.title, username: CHANNEL.username },
        text: "Across processes",
      },
    });
    await eventually(async () => expect(stream.changedTables()).toContain("channel_messages"), 15_000);
    const page = feedPageSchema.parse(await (await fetch(`${b.url}/api/messages`, { headers: auth })).json());
    expect(page.messages.map((m) => m.content)).toEqual(["Across processes"]);
    expect(page.messages[0]?.telegramUrl).toBe("https://t.me/twoprocs/77");
  }, 120_000);
});
