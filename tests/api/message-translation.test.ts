import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedPageSchema } from "#api/contracts/feed";
import { messageTranslationSchema, translationMessages } from "#api/contracts/translation";
import { messageTranslations, relayChannelEdit, relayChannelPost } from "#api/domain/channel";
import { openAiTranslator } from "#api/domain/ports/openai-translator";
import { channelMessages, messageTranslations as translationsTable } from "#db/schema/index";
import { bearer, createMember, errorOf, jsonRequest, recordingLogger } from "../helpers/accounts";
import { startFakeOpenAi } from "../helpers/fake-openai";
import { startTestApp, type TestApp } from "../helpers/test-app";

const KEY = "sk-test-translation-key";
const MODEL = "gpt-test-translate";
const TIMEOUT_MS = 5000;
const CHAT = -1009876543210n;

let model: Awaited<ReturnType<typeof startFakeOpenAi>>;
let t: TestApp;
const log = recordingLogger();
let russian: Awaited<ReturnType<typeof createMember>>;
let spanish: Awaited<ReturnType<typeof createMember>>;
const env = {
  OPENAI_API_KEY: KEY,
  OPENAI_BASE_URL: "",
  OPENAI_MODEL: MODEL,
  OPENAI_TIMEOUT_MS: String(TIMEOUT_MS),
};

/** A member who reads the app in `language`. */
async function memberIn(app: TestApp, language: string, options: Parameters<typeof createMember>[1] = {}) {
  const member = await createMember(app, options);
  const res = await app.app.request("/api/me", jsonRequest("PATCH", { language }, bearer(member.token)));
  expect(res.status).toBe(200);
  return member;
}

beforeAll(async () => {
  model = await startFakeOpenAi();
  env.OPENAI_BASE_URL = model.url;
  t = await startTestApp({ log, env });
  russian = await memberIn(t, "ru");
  spanish = await memberIn(t, "es");
});
afterAll(async () => {
  await t?.close();
  await model?.close();
});

const db = () => t.services.database.db;
async function newMessage(content: string | null, fields: Partial<typeof channelMessages.$inferInsert> = {}) {
  const [row] = await db()
    .insert(channelMessages)
    .values({ content, ...fields })
    .returning();
  if (!row) throw new Error("no message");
  return row.id;
}
const translate = (id: string, token: string, app = t) =>
  app.app.request(`/api/messages/${id}/translation`, { method: "POST", headers: bearer(token) });
/** The model's calls about this text. */
const callsFor = (text: string) =>
  model.calls.filter((call) => call.body.messages.some((m) => m.role === "user" && m.content === text));
const rowsOf = (id: string) =>
  db().select().from(translationsTable).where(eq(translationsTable.messageId, id));

describe("POST /api/messages/:id/translation", () => {
  it("asks the configured model once under 50 parallel requests, in two processes, and answers them all", async () => {
    const text = "Fresh drop this Friday: our new Blue Dream flower is in stock now!";
    const id = await newMessage(text);
    model.behave({ kind: "slow", ms: 400, content: "Свежая поставка в эту пятницу!" });
    const readers = [russian, ...(await Promise.all(Array.from({ length: 4 }, () => memberIn(t, "ru"))))];
    // A second process: its own model client and in-flight map, over the same database.
    const other = messageTranslations(t.services, openAiTranslator(t.services.config));
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const reader = readers[i % readers.length];
        if (!reader) throw new Error("no reader");
        if (i % 2 === 1) return other.translate(reader.userId, id);
        const res = await translate(id, reader.token);
        expect(res.status).toBe(200);
        return messageTranslationSchema.parse(await res.json());
      }),
    );
    expect(callsFor(text)).toHaveLength(1);
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([
        JSON.stringify({
          translation: { messageId: id, language: "ru", text: "Свежая поставка в эту пятницу!" },
        }),
      ]),
    );
    const call = callsFor(text)[0];
    expect(call?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(call?.body.model).toBe(MODEL);
    expect(JSON.stringify(call?.body.messages[0]?.content)).toContain("Russian");

    // Cached: answered without the model, whoever asks in that language.
    model.behave({ kind: "status", status: 500 });
    const again = await translate(id, russian.token);
    expect(again.status).toBe(200);
    expect(messageTranslationSchema.parse(await again.json()).translation.text).toBe(
      "Свежая поставка в эту пятницу!",
    );
    expect(callsFor(text)).toHaveLength(1);
    expect(await rowsOf(id)).toMatchObject([{ language: "ru", status: "done" }]);
  });

  it("names the same message by its id in upper case: the cached translation, no second call", async () => {
    const text = "Свежая поставка на этой неделе";
    const id = await newMessage(text);
    model.behave({ kind: "answer", content: "Fresh delivery this week" });
    const english = await memberIn(t, "en");
    expect((await translate(id, english.token)).status).toBe(200);
    const res = await translate(id.toUpperCase(), english.token);
    expect(messageTranslationSchema.parse(await res.json())).toEqual({
      translation: { messageId: id, language: "en", text: "Fresh delivery this week" },
    });
    expect(callsFor(text)).toHaveLength(1);
  });

  it("asks again for another language, and keeps both", async () => {
    const text = "Новая партия уже в магазине";
    const id = await newMessage(text);
    model.behave({ kind: "answer", content: "New batch is in the shop" });
    const english = await memberIn(t, "en");
    expect((await translate(id, english.token)).status).toBe(200);
    model.behave({ kind: "answer", content: "Nuevo lote ya en la tienda" });
    const res = await translate(id, spanish.token);
    expect(messageTranslationSchema.parse(await res.json())).toEqual({
      translation: { messageId: id, language: "es", text: "Nuevo lote ya en la tienda" },
    });
    expect(callsFor(text)).toHaveLength(2);
    expect(JSON.stringify(callsFor(text)[1]?.body.messages[0]?.content)).toContain("Spanish");
    expect((await rowsOf(id)).map((row) => row.language).sort()).toEqual(["en", "es"]);
  });

  it("drops a relayed post's translations when the post is edited, and translates the new text", async () => {
    const ctx = { db: db() };
    const post = {
      chatId: CHAT,
      messageId: 501n,
      mediaGroupId: null,
      content: "Weekend sale on all edibles",
      entities: null,
      attachment: undefined,
      telegramUrl: "https://t.me/shopchannel/501",
      createdAt: new Date("2026-11-20T10:00:00Z"),
    };
    await relayChannelPost(ctx, post);
    const [row] = await db()
      .select()
      .from(channelMessages)
      .where(eq(channelMessages.telegramMessageId, 501n));
    if (!row) throw new Error("not relayed");
    model.behave({ kind: "answer", content: "Распродажа выходного дня" });
    expect((await translate(row.id, russian.token)).status).toBe(200);
    expect(await rowsOf(row.id)).toHaveLength(1);

    const edited = "Weekend sale on all edibles and drinks";
    await relayChannelEdit(ctx, {
      chatId: CHAT,
      messageId: 501n,
      content: edited,
      entities: null,
      attachment: undefined,
    });
    expect(await rowsOf(row.id)).toHaveLength(0);
    model.behave({ kind: "answer", content: "Распродажа выходного дня: еда и напитки" });
    const res = await translate(row.id, russian.token);
    expect(messageTranslationSchema.parse(await res.json()).translation.text).toBe(
      "Распродажа выходного дня: еда и напитки",
    );
    expect(callsFor(edited)).toHaveLength(1);

    // Deleting the message deletes its translations (the foreign key cascades).
    await db().delete(channelMessages).where(eq(channelMessages.id, row.id));
    expect(await rowsOf(row.id)).toHaveLength(0);
  });

  it("answers 502 when the model fails, keeps nothing, and asks again next time", async () => {
    const text = "Limited edition pre-rolls, while they last";
    const id = await newMessage(text);
    model.behave({ kind: "status", status: 500 });
    const res = await translate(id, russian.token);
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toEqual({ code: "bad_gateway", message: translationMessages.failed });
    // The SDK retries a 500 once.
    expect(callsFor(text)).toHaveLength(2);
    expect(await rowsOf(id)).toMatchObject([{ status: "failed", text: null }]);
    expect(log.lines.some((line) => line.message === "translation failed")).toBe(true);
    expect(JSON.stringify(log.lines)).not.toContain(KEY);

    model.behave({ kind: "answer", content: "Ограниченная серия" });
    const retry = await translate(id, russian.token);
    expect(retry.status).toBe(200);
    expect(callsFor(text)).toHaveLength(3);
  });

  it("answers 502 to an empty answer or a refusal", async () => {
    const text = "Open late tonight";
    const id = await newMessage(text);
    for (const behaviour of [{ kind: "answer", content: "  " }, { kind: "refusal" }] as const) {
      model.behave(behaviour);
      expect((await translate(id, russian.token)).status).toBe(502);
    }
    expect(await rowsOf(id)).toMatchObject([{ status: "failed", text: null }]);
  });

  it("refuses a member's 31st translation within a minute with 429 before asking the model; kept ones still answer", async () => {
    model.behave({ kind: "answer", content: "Спасибо, что вы с нами" });
    const busy = await memberIn(t, "ru");
    const ids = await Promise.all(
      Array.from({ length: 31 }, (_, i) => newMessage(`Thanks for being with us, part ${i}`)),
    );
    for (const id of ids.slice(0, 30)) expect((await translate(id, busy.token)).status).toBe(200);
    const last = ids[30] ?? "";
    const res = await translate(last, busy.token);
    expect(res.status).toBe(429);
    expect((await errorOf(res)).code).toBe("rate_limited");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(callsFor("Thanks for being with us, part 30")).toHaveLength(0);
    // A kept translation is a read: still answered, without the model.
    expect((await translate(ids[0] ?? "", busy.token)).status).toBe(200);
    // Another member is not held back.
    expect((await translate(last, russian.token)).status).toBe(200);
    expect(callsFor("Thanks for being with us, part 30")).toHaveLength(1);
  });

  it("refuses whoever cannot read the message, and a message without text", async () => {
    const published = await newMessage("Members only news");
    const draft = await newMessage("Unpublished news", { isPublished: false });
    const underage = await createMember(t, { ageVerified: false });
    expect((await translate(published, underage.token)).status).toBe(403);
    const anonymous = await t.app.request(`/api/messages/${published}/translation`, { method: "POST" });
    expect(anonymous.status).toBe(401);
    for (const id of [draft, "7d2b5a44-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect((await translate(id, russian.token)).status).toBe(404);
    }
    const photoOnly = await newMessage(null, { imageUrl: "/media/message-images/a.jpg" });
    const res = await translate(photoOnly, russian.token);
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toEqual({ code: "unprocessable", message: translationMessages.noText });
  });

  it("tells the feed that translation is offered", async () => {
    const res = await t.app.request("/api/messages", { headers: bearer(russian.token) });
    expect(feedPageSchema.parse(await res.json()).canTranslate).toBe(true);
  });
});

describe("without a model configured", () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp();
  });
  afterAll(() => bare?.close());

  it("the feed does not offer translation and the route answers 503", async () => {
    const member = await createMember(bare);
    const page = feedPageSchema.parse(
      await (await bare.app.request("/api/messages", { headers: bearer(member.token) })).json(),
    );
    expect(page.canTranslate).toBe(false);
    const [row] = await bare.services.database.db
      .insert(channelMessages)
      .values({ content: "Hola" })
      .returning();
    const res = await translate(row?.id ?? "", member.token, bare);
    expect(res.status).toBe(503);
    expect(await errorOf(res)).toEqual({ code: "unavailable", message: translationMessages.notConfigured });
  });
});
