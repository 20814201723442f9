// The API composed as api/main.ts composes it, for tests/bench/sse.ts and soak.ts, with the bot built
// as main builds it but fed updates directly (no Telegram: its outgoing calls are refused). It also
// answers the bench over IPC: its RSS after a GC (with heap and open handles); the event streams'
// write time so far; an UPDATE of every product through its own database (PGlite allows no second
// process); a member's session; a channel post, an edit of one and its reaction counts handed to the
// bot, timed by the same clock the client processes use; and the soak's shop, made and audited here.
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { startServices } from "#api/compose";
import { createApp } from "#api/http/app";
import { createHttpServer } from "#api/http/server";
import { loadConfig } from "#api/process/config";
import { createLogger } from "#api/process/logger";
import { createBot } from "#bot/bot";
import { findRelayedPost } from "#db/queries/channel/channel-relay";
import { products } from "#db/schema/index";
import { TEST_BOT_TOKEN, testBotInfo } from "../helpers/accounts";
import { type Acknowledged, auditSoakShop, type SoakShop, seedSoakShop } from "./soak-ledger";

const CHANNEL_ID = -1001000000001;
const config = loadConfig({ ...process.env, TELEGRAM_CHANNEL_ID: String(CHANNEL_ID) });
const services = await startServices(config, createLogger("silent"));
const server = await createHttpServer(createApp(services), services);
const bot = createBot({
  token: TEST_BOT_TOKEN,
  botInfo: testBotInfo,
  // A context of its own: the app keeps the notifier that is off, as it had before the bot.
  services: { ...services },
  log: services.log,
  transformer: async () => {
    throw new Error("the bench reaches no Telegram");
  },
});
const now = () => performance.timeOrigin + performance.now();
const chat = { id: CHANNEL_ID, type: "channel" as const, title: "Bench" };
let nextUpdate = 1;
let nextPost = 1;

interface Message {
  rss?: true;
  update?: true;
  member?: true;
  post?: true;
  edit?: number;
  reactions?: number;
  sends?: true;
  seed?: { members: number };
  audit?: { shop: SoakShop; told: Acknowledged[] };
}

server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on("message", async (message: Message) => {
  if (message.rss) {
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send?.({ rss, heapUsed, handles: process.getActiveResourcesInfo().length });
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
      update_id: nextUpdate++,
      channel_post: { message_id: id, date: Math.floor(Date.now() / 1000), chat, text: `Bench post ${id}` },
    });
    const committedAt = now();
    const stored = await findRelayedPost(services.database.db, BigInt(CHANNEL_ID), BigInt(id));
    process.send?.({ startedAt, committedAt, rows: 1, id: stored?.id });
  }
  if (message.edit) {
    const date = Math.floor(Date.now() / 1000);
    await bot.handleUpdate({
      update_id: nextUpdate++,
      edited_channel_post: { message_id: message.edit, date, edit_date: date, chat, text: `Edited ${date}` },
    });
    process.send?.({ edited: message.edit });
  }
  if (message.reactions) {
    const count = 1 + Math.floor(Math.random() * 50);
    await bot.handleUpdate({
      update_id: nextUpdate++,
      message_reaction_count: {
        chat,
        message_id: message.reactions,
        date: Math.floor(Date.now() / 1000),
        reactions: [{ type: { type: "emoji", emoji: "❤" }, total_count: count }],
      },
    });
    process.send?.({ reacted: message.reactions });
  }
  if (message.sends) {
    // The event streams' own write time so far (event_stream_send_seconds): its sum and count; and
    // the process's CPU time so far, in the process (user) and in the kernel for it (system), µs.
    const { values } = await services.metrics.eventStreamSends.get();
    const of = (suffix: string) =>
      values.find((value) => value.metricName === `event_stream_send_seconds_${suffix}`)?.value ?? 0;
    process.send?.({ sendSeconds: of("sum"), sends: of("count"), cpu: process.cpuUsage() });
  }
  if (message.seed) process.send?.({ shop: await seedSoakShop(services.database.db, message.seed.members) });
  if (message.audit) {
    const { shop, told } = message.audit;
    process.send?.({ audit: await auditSoakShop(services.database.db, shop, told) });
  }
});
