import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Update } from "grammy/types";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webhookSecret } from "#bot/runtime";
import { TEST_BOT_TOKEN, testBotInfo } from "../helpers/accounts";
import { eventually } from "../helpers/test-app";

/** A stand-in for api.telegram.org on loopback: answers the methods the bot calls and records them. */
function fakeBotApi() {
  const calls: { method: string; payload: Record<string, unknown> }[] = [];
  const pending: Update[] = [];
  const server = createHttpServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const method = (req.url ?? "").split("/").at(-1) ?? "";
      const payload = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      calls.push({ method, payload });
      const reply = (result: unknown) => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ ok: true, result }));
      };
      if (!(req.url ?? "").includes(`/bot${TEST_BOT_TOKEN}/`)) {
        res.statusCode = 401;
        res.end(JSON.stringify({ ok: false, error_code: 401, description: "Unauthorized" }));
        return;
      }
      if (method === "getMe") reply(testBotInfo);
      else if (method === "getUpdates") {
        // A short long-poll: whatever is queued, else nothing after a moment.
        setTimeout(() => reply(pending.splice(0)), pending.length ? 0 : 200);
      } else if (method === "sendMessage") {
        reply({
          message_id: calls.length,
          date: 0,
          chat: { id: payload.chat_id, type: "private" },
          text: payload.text,
        });
      } else reply(true);
    });
  });
  return { server, calls, pending };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let api: ReturnType<typeof fakeBotApi>;
let apiRoot: string;
let dataDir: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  api = fakeBotApi();
  await new Promise<void>((resolve) => api.server.listen(0, "127.0.0.1", resolve));
  apiRoot = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  dataDir = await mkdtemp(join(tmpdir(), "bot-proc-"));
});
afterEach(() => {
  child?.kill("SIGKILL");
  child = undefined;
  api.calls.length = 0;
});
afterAll(async () => {
  await new Promise((resolve) => (api.server as Server).close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

function startUpdate(id: number): Update {
  return {
    update_id: id,
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
  const port = await freePort();
  const proc = spawn(process.execPath, ["--import", "tsx", "api/main.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: join(dataDir, String(port)),
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "info",
      BOT_TOKEN: TEST_BOT_TOKEN,
      BOT_API_ROOT: apiRoot,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = proc;
  let output = "";
  proc.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  proc.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => proc.on("exit", resolve));
  await eventually(async () => {
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  }, 60_000);
  return { port, exited, output: () => output, proc };
}

describe("the bot inside the server process", () => {
  it("long-polls with the runner, answers, and stops cleanly on SIGTERM", async () => {
    api.pending.push(startUpdate(1));
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
    expect(server.output()).toContain('"message":"bot running","mode":"polling"');
    // The token is in every Bot API URL; it must never reach the log.
    expect(server.output()).not.toContain(TEST_BOT_TOKEN.split(":")[1]);
  }, 90_000);

  it("in webhook mode registers PUBLIC_URL/telegram/webhook with the secret and takes updates there", async () => {
    const server = await startServer({
      PUBLIC_URL: "https://shop.example.com",
      WEBHOOK_SECRET: "proc-secret",
    });
    const setWebhook = await eventually(async () => {
      const call = api.calls.find((c) => c.method === "setWebhook");
      expect(call).toBeDefined();
      return call;
    }, 20_000);
    expect(setWebhook?.payload).toMatchObject({
      url: "https://shop.example.com/telegram/webhook",
      secret_token: "proc-secret",
    });
    const deliver = (secret: string) =>
      fetch(`http://127.0.0.1:${server.port}/telegram/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
        body: JSON.stringify(startUpdate(2)),
      });
    expect((await deliver("wrong")).status).toBe(401);
    expect((await deliver("proc-secret")).status).toBe(200);
    await eventually(async () => expect(api.calls.some((c) => c.method === "sendMessage")).toBe(true));
    // Redelivery of the same update is not answered twice.
    expect((await deliver("proc-secret")).status).toBe(200);
    expect(api.calls.filter((c) => c.method === "sendMessage")).toHaveLength(1);
    expect(api.calls.some((c) => c.method === "getUpdates")).toBe(false);

    server.proc.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain("proc-secret");
    expect(webhookSecret({ BOT_TOKEN: TEST_BOT_TOKEN, WEBHOOK_SECRET: "proc-secret" })).toBe("proc-secret");
  }, 90_000);
});
