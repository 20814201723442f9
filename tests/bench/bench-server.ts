// The API composed as api/main.ts composes it, for tests/bench/sse.ts, with the bot built as main
// builds it but fed updates directly (no Telegram: its outgoing calls are refused). It also answers
// the bench over IPC: its RSS after a GC; an UPDATE of every product through its own database (PGlite
// allows no second process); a member's session; and a channel post handed to the bot, timed by the
// same clock the client process uses.
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { createApp } from "#api/app";
import { startServices } from "#api/compose";
import { loadConfig } from "#api/config";
import { serviceContext } from "#api/deps";
import { createLogger } from "#api/logger";
import { createHttpServer } from "#api/server";
import { createBot } from "#bot/bot";
import { products } from "#db/schema/index";
import { TEST_BOT_TOKEN, testBotInfo } from "../helpers/accounts";

const CHANNEL_ID = -1001000000001;
const config = loadConfig({ ...process.env, TELEGRAM_CHANNEL_ID: String(CHANNEL_ID) });
const services = await startServices(config, createLogger("silent"));
const server = await createHttpServer(createApp(services), services);
const bot = createBot({
  token: TEST_BOT_TOKEN,
  botInfo: testBotInfo,
  services: serviceContext(services),
  log: services.log,
  transformer: async () => {
    throw new Error("the bench reaches no Telegram");
  },
});
const now = () => performance.timeOrigin + performance.now();
let nextPost = 1;

server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on("message", async (message: { rss?: true; update?: true; member?: true; post?: true }) => {
  if (message.rss) {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ rss: process.memoryUsage().rss });
  }
  if (message.update) {
    const startedAt = now();
    const rows = await services.database.db
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + 1` })
      .returning({ id: products.id });
    process.send?.({ startedAt, committedAt: now(), rows: rows.length });
  }
  if (message.member) {
    const password = "Bench-Member-42";
    const res = await createApp(services).request("/api/auth/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "bench@example.com",
        password,
        confirmPassword: password,
        ageConfirmed: true,
      }),
    });
    process.send?.({ token: ((await res.json()) as { token: string }).token });
  }
  if (message.post) {
    const id = nextPost++;
    const startedAt = now();
    await bot.handleUpdate({
      update_id: id,
      channel_post: {
        message_id: id,
        date: Math.floor(Date.now() / 1000),
        chat: { id: CHANNEL_ID, type: "channel", title: "Bench" },
        text: `Bench post ${id}`,
      },
    });
    process.send?.({ startedAt, committedAt: now(), rows: 1 });
  }
});
