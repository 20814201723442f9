import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Update } from "grammy/types";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ALLOWED_UPDATES, webhookSecret } from "#bot/runtime";
import { TEST_BOT_TOKEN } from "../helpers/accounts";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { parsePrometheusText } from "../helpers/prometheus-text";
import { startServerProcess } from "../helpers/server-process";
import { eventually } from "../helpers/test-app";

let api: FakeBotApi;
let dataDir: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  api = await startFakeBotApi({ id: -1001, title: "Channel" });
  dataDir = await mkdtemp(join(tmpdir(), "bot-proc-"));
});
afterEach(() => {
  child?.kill("SIGKILL");
  child = undefined;
  api.calls.length = 0;
});
afterAll(async () => {
  await api.close();
  await rm(dataDir, { recursive: true, force: true });
});

function startUpdate(id: number): Omit<Update, "update_id"> {
  return {
    message: {
      message_id: id,
      date: Math.floor(Date.now() / 1000),
      chat: { id: 4242, type: "private", first_name: "P" },
      from: { id: 4242, is_bot: false, first_name: "P" },
      text: "/start",
      entities: [{ type: "bot_command", offset: 0, length: 6 }],
    },
  };
}

async function startServer(env: Record<string, string>) {
  const server = await startServerProcess(dataDir, {
    BOT_TOKEN: TEST_BOT_TOKEN,
    BOT_API_ROOT: api.apiRoot,
    ...env,
  });
  child = server.proc;
  return server;
}

describe("the bot inside the server process", () => {
  it("long-polls with the runner, answers, and stops cleanly on SIGTERM", async () => {
    api.push(startUpdate(1), 1);
    const server = await startServer({ BOT_MODE: "polling", PUBLIC_URL: "https://shop.example.com" });
    await eventually(
      async () => expect(api.calls.some((c) => c.method === "sendMessage")).toBe(true),
      20_000,
    );
    const methods = api.calls.map((c) => c.method);
    expect(methods.slice(0, 4)).toEqual(["getMe", "setMyCommands", "setChatMenuButton", "deleteWebhook"]);
    expect(methods).toContain("getUpdates");
    expect(api.calls.find((c) => c.method === "sendMessage")?.payload).toMatchObject({ chat_id: 4242 });

    server.proc.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    // The last call confirms the handled update, so Telegram does not hand it to the next process.
    expect(api.calls.filter((c) => c.method === "getUpdates").at(-1)?.payload).toMatchObject({
      offset: 2,
      timeout: 0,
    });
    expect(server.output()).toContain('"message":"bot running","mode":"polling"');
    // The token is in every Bot API URL; it must never reach the log.
    expect(server.output()).not.toContain(TEST_BOT_TOKEN.split(":")[1]);
  }, 90_000);

  it("in webhook mode registers PUBLIC_URL/telegram/webhook with the secret and takes updates there", async () => {
    const server = await startServer({
      PUBLIC_URL: "https://shop.example.com",
      WEBHOOK_SECRET: "proc-secret",
      METRICS_TOKEN: "proc-metrics-token-0123",
    });
    const setWebhook = await eventually(async () => {
      const call = api.calls.find((c) => c.method === "setWebhook");
      expect(call).toBeDefined();
      return call;
    }, 20_000);
    expect(setWebhook?.payload).toMatchObject({
      url: "https://shop.example.com/telegram/webhook",
      secret_token: "proc-secret",
      allowed_updates: [...ALLOWED_UPDATES],
    });
    const deliver = (secret: string) =>
      fetch(`http://127.0.0.1:${server.port}/telegram/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
        body: JSON.stringify({ update_id: 2, ...startUpdate(2) }),
      });
    expect((await deliver("wrong")).status).toBe(401);
    expect((await deliver("proc-secret")).status).toBe(200);
    await eventually(async () => expect(api.calls.some((c) => c.method === "sendMessage")).toBe(true));
    // Redelivery of the same update is not answered twice.
    expect((await deliver("proc-secret")).status).toBe(200);
    expect(api.calls.filter((c) => c.method === "sendMessage")).toHaveLength(1);
    expect(api.calls.some((c) => c.method === "getUpdates")).toBe(false);
    // The process runs its jobs (api/jobs.ts): the broadcast scheduler's runs, every 5 s, are counted.
    await eventually(async () => {
      const metrics = await fetch(`http://127.0.0.1:${server.port}/metrics`, {
        headers: { authorization: "Bearer proc-metrics-token-0123" },
      });
      expect(
        parsePrometheusText(await metrics.text()).value("job_runs_total", {
          job: "broadcast-scheduler",
          outcome: "ok",
        }),
      ).toBeGreaterThan(0);
    }, 20_000);

    server.proc.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain("proc-secret");
    expect(webhookSecret({ BOT_TOKEN: TEST_BOT_TOKEN, WEBHOOK_SECRET: "proc-secret" })).toBe("proc-secret");
  }, 90_000);
});
