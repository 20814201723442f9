import { expect } from "vitest";
import type { ServiceOverrides } from "#api/compose";
import { createApp } from "#api/http/app";
import type { Logger } from "#api/process/logger";
import { startTelegram } from "#bot/runtime";
import { TEST_BOT_TOKEN } from "./accounts";
import { startFakeBotApi } from "./fake-bot-api";
import { eventually, startTestApp } from "./test-app";

/**
 * The API with the real bot (grammY, long polling) against a fake Bot API server; `app` is the API
 * whose services talk to Telegram through that bot, as main.ts wires them.
 */
export async function startBotApp(
  env: Record<string, string> = {},
  overrides: ServiceOverrides & { log?: Logger } = {},
) {
  const fake = await startFakeBotApi({ id: -1009, title: "Channel" });
  const t = await startTestApp({
    ...overrides,
    env: {
      BOT_TOKEN: TEST_BOT_TOKEN,
      BOT_MODE: "polling",
      BOT_API_ROOT: fake.apiRoot,
      PUBLIC_URL: "https://shop.example.com",
      ...env,
    },
  });
  // The bot puts its notifier into a context of its own: `t` stays the API without the bot.
  const services = { ...t.services };
  const runtime = startTelegram(services);
  if (!runtime) throw new Error("the bot did not start");
  await eventually(async () => expect(fake.callsTo("getUpdates").length).toBeGreaterThan(0), 10_000);
  const app = createApp({ ...services, staticDir: undefined });
  return {
    fake,
    t,
    app,
    async close() {
      await runtime.stop();
      await t.close();
      await fake.close();
    },
  };
}
