import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FakeBotApi, type FakeChannel, startFakeBotApi } from "../../helpers/fake-bot-api";
import { E2E_BOT_TOKEN } from "./env";

/**
 * A seeded server whose bot runs (long polling) against the integration tests' strict fake Bot API,
 * started in the Playwright worker: for the flows that need Telegram's side, such as a join request
 * (the suite's shared servers run with the bot off). Its links name `publicUrl`; the browser opens
 * their paths on `origin`.
 */
export interface BotServer {
  origin: string;
  publicUrl: string;
  api: FakeBotApi;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 120_000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export async function startBotServer(
  channel: FakeChannel,
  env: Record<string, string> = {},
): Promise<BotServer> {
  const api = await startFakeBotApi(channel, E2E_BOT_TOKEN);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-bot-server-"));
  const publicUrl = "https://shop.e2e.test";
  const child: ChildProcess = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      STATIC_DIR: "dist/miniapp",
      LOG_LEVEL: "silent",
      BOT_TOKEN: E2E_BOT_TOKEN,
      BOT_MODE: "polling",
      BOT_API_ROOT: api.apiRoot,
      TELEGRAM_CHANNEL_ID: String(channel.id),
      PUBLIC_URL: publicUrl,
      PLAN_PAYMENTS: "free",
      SEED_DEMO_DATA: "true",
      TRUST_PROXY: "true",
      SSE_MAX_PER_ADDRESS: "1000",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    child.kill("SIGKILL");
    await exited;
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the bot server exited (${child.exitCode}) before answering /api/health`);
    }
    const ok = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the bot server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, publicUrl, api, stop };
}
