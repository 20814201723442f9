import { type FakeBotApi, type FakeChannel, startFakeBotApi } from "../../helpers/fake-bot-api";
import { E2E_BOT_TOKEN } from "./env";
import { startOwnServer } from "./own-server";

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

export async function startBotServer(
  channel: FakeChannel,
  env: Record<string, string> = {},
): Promise<BotServer> {
  const api = await startFakeBotApi(channel, E2E_BOT_TOKEN);
  const publicUrl = "https://shop.e2e.test";
  const server = await startOwnServer(
    {
      BOT_TOKEN: E2E_BOT_TOKEN,
      BOT_MODE: "polling",
      BOT_API_ROOT: api.apiRoot,
      TELEGRAM_CHANNEL_ID: String(channel.id),
      PUBLIC_URL: publicUrl,
      PLAN_PAYMENTS: "free",
      SEED_DEMO_DATA: "true",
      SSE_MAX_PER_ADDRESS: "1000",
      ...env,
    },
    () => api.close(),
  );
  return { origin: server.origin, publicUrl, api, stop: server.stop };
}
