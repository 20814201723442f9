// Inline mode at 2,000 products (decision 110): `@bot <words>` from the update reaching the bot to its
// answerInlineQuery reaching a local fake Bot API, p50 and p95 in milliseconds. The real bot (grammY,
// every middleware: update metrics, deduplication, the asker's language, the search, the cards) in
// this process, fed updates as the webhook or the runner hands them over; the fake Bot API's clock is
// this process's, so the time is arrival minus hand-over. Words typed (a title's word, part of one,
// nothing: the newest) and next pages, over many askers.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Update } from "grammy/types";
import { startServices } from "#api/compose";
import { loadConfig } from "#api/process/config";
import { createLogger } from "#api/process/logger";
import { createBot } from "#bot/bot";
import { createDb } from "#db/client";
import { products } from "#db/schema/index";
import { TEST_BOT_TOKEN, testBotInfo } from "../helpers/accounts";
import { startFakeBotApi } from "../helpers/fake-bot-api";

const PRODUCTS = 2_000;
const RUNS = 400;
const WARM_UP = 40;
const words = ["Sour", "Space", "Candy", "Haze", "Kush", "Cherry", "Wine", "Gelato", "Dream", "Diesel"];
const queries: { query: string; offset: string }[] = [
  { query: "", offset: "" },
  { query: "kush", offset: "" },
  { query: "haze", offset: "20" },
  { query: "cherry wine", offset: "" },
  { query: "gel", offset: "" },
  { query: "", offset: "40" },
  { query: "sour space 1", offset: "" },
  { query: "nothing like this", offset: "" },
];

export async function inlineAnswer(database: "pglite" | "postgres", url: string) {
  const fake = await startFakeBotApi({ id: -1009, title: "Channel" });
  const dataDir = await mkdtemp(join(tmpdir(), `bench-inline-${database}-`));
  const db = await createDb(url ? { databaseUrl: url } : { dataDir: "memory://" });
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: "false",
    BOT_MODE: "off",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "https://shop.example.com",
  });
  const log = createLogger("silent");
  const services = await startServices(config, log, db);
  try {
    for (let start = 0; start < PRODUCTS; start += 500) {
      await db.db.insert(products).values(
        Array.from({ length: Math.min(500, PRODUCTS - start) }, (_, k) => {
          const i = start + k;
          return {
            title: `${words[i % words.length]} ${words[(i * 7) % words.length]} ${i}`,
            description: `Batch ${i}: ${words.join(" ")} notes of citrus, pine and earth. `
              .repeat(3)
              .slice(0, 300),
            primaryImageUrl: i % 3 === 0 ? null : `/media/product-images/p${i}.jpg`,
            creditPrice: `${10 + (i % 90)}.00`,
            isActive: i % 10 !== 9,
            createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
          };
        }),
      );
    }
    const bot = createBot({
      token: TEST_BOT_TOKEN,
      botInfo: testBotInfo,
      services,
      log,
      apiRoot: fake.apiRoot,
    });
    let updateId = 1;
    const ask = async (i: number): Promise<number> => {
      const id = `bench-${i}`;
      const { query, offset } = queries[i % queries.length] ?? { query: "", offset: "" };
      const update = {
        update_id: updateId++,
        inline_query: {
          id,
          from: { id: 50_000 + (i % 200), is_bot: false, first_name: "Asker", language_code: "en" },
          query,
          offset,
        },
      } as Update;
      const started = performance.now();
      await bot.handleUpdate(update);
      const call = fake.callsTo("answerInlineQuery").find((c) => c.payload.inline_query_id === id);
      if (!call) throw new Error(`query ${id} was not answered`);
      if (query === "" && !(call.payload.results as unknown[]).length) throw new Error("no newest products");
      return call.at - started;
    };
    for (let i = 0; i < WARM_UP; i++) await ask(i);
    fake.calls.length = 0;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await ask(WARM_UP + i));
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round((times[Math.floor(q * (times.length - 1))] ?? 0) * 100) / 100;
    return { database, products: PRODUCTS, runs: RUNS, p50Ms: at(0.5), p95Ms: at(0.95), goalP50Ms: 20 };
  } finally {
    await services.close();
    await db.close();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
