// A post's translation once cached: POST /api/messages/:id/translation as the app answers it in
// this process (session, rate limit, the message, the reader's language and the kept translation),
// p50 and p99 over many members reading one post that one of them had translated. The model is the
// tests' fake OpenAI server; it must have been asked once in all.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { startServices } from "#api/compose";
import { startSession } from "#api/domain/auth";
import { createApp } from "#api/http/app";
import { loadConfig } from "#api/process/config";
import { createLogger } from "#api/process/logger";
import { createDb } from "#db/client";
import { channelMessages, profiles, users } from "#db/schema/index";
import { startFakeOpenAi } from "../helpers/fake-openai";

const RUNS = 300;
const WARM_UP = 20;
// Each member may ask 30 times a minute: enough members that none reaches the limit.
const MEMBERS = 40;

export async function translationCached(database: "pglite" | "postgres", url: string) {
  const model = await startFakeOpenAi();
  model.behave({ kind: "answer", content: "Свежая поставка в эту пятницу: новый Blue Dream уже в наличии!" });
  const dataDir = await mkdtemp(join(tmpdir(), `bench-translation-${database}-`));
  const db = await createDb(url ? { databaseUrl: url } : { dataDir: "memory://" });
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: "false",
    BOT_MODE: "off",
    LOG_LEVEL: "silent",
    OPENAI_API_KEY: "sk-bench",
    OPENAI_BASE_URL: model.url,
  });
  const services = await startServices(config, createLogger("silent"), db);
  try {
    const app = createApp({ ...services, staticDir: undefined });
    const members = await db.db
      .insert(users)
      .values(Array.from({ length: MEMBERS }, () => ({})))
      .returning({ id: users.id });
    await db.db.insert(profiles).values(members.map(({ id }) => ({ id, ageVerified: true, language: "ru" })));
    const tokens = await Promise.all(
      members.map(async ({ id }) => (await startSession(db.db, id, new Date(), 1)).token),
    );
    const [message] = await db.db
      .insert(channelMessages)
      .values({ content: "Fresh drop this Friday: the new Blue Dream is in stock now!" })
      .returning({ id: channelMessages.id });
    const ask = async (i: number) => {
      const res = await app.request(`/api/messages/${message?.id}/translation`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokens[i % MEMBERS]}` },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`translation answered ${res.status}`);
    };
    for (let i = 0; i < WARM_UP; i++) await ask(i);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await ask(WARM_UP + i);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round((times[Math.floor(q * (times.length - 1))] ?? 0) * 100) / 100;
    return {
      database,
      runs: RUNS,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      modelCalls: model.calls.length,
      goalP50Ms: 5,
    };
  } finally {
    await services.close();
    await db.close();
    await model.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
