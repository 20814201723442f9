import { sql } from "drizzle-orm";
import { webhookCallback } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidTextMessage } from "#api/contracts/text";
import { hashToken } from "#api/domain/auth";
import { createApp } from "#api/http/app";
import { deepJsonMessage, MAX_JSON_DEPTH } from "#api/http/json-depth";
import { createBot } from "#bot/bot";
import { telegramLinkCodes } from "#db/schema/index";
import {
  bearer,
  createMember,
  errorOf,
  GOOD_PASSWORD,
  jsonRequest,
  MINUTE,
  post,
  recordingLogger,
  recordingTransformer,
  signInitData,
  TEST_BOT_TOKEN,
  TestClock,
  testBotInfo,
  uniqueEmail,
} from "../helpers/accounts";
import { startTestApp, type TestApp } from "../helpers/test-app";

const clock = new TestClock();
const log = recordingLogger();
const SECRET = "bad-input-secret";
let t: TestApp;
let app: ReturnType<typeof createApp>;
let bot: ReturnType<typeof createBot>;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now, log, env: { BOT_TOKEN: TEST_BOT_TOKEN } });
  bot = createBot({
    token: TEST_BOT_TOKEN,
    botInfo: testBotInfo,
    // A context of its own: the app below keeps Telegram off.
    services: { ...t.services },
    log,
    transformer: recordingTransformer().transformer,
  });
  app = createApp({
    ...t.services,
    staticDir: undefined,
    telegramWebhook: webhookCallback(bot, "hono", { secretToken: SECRET }),
  });
});
afterAll(() => t.close());

// A NUL (Postgres cannot store it) and a lone surrogate (not Unicode).
const BAD_TEXTS = ["Ann\u0000e", "Ann\uD800e"];

describe("invalid text in a request", () => {
  it.each(BAD_TEXTS)("is refused with 400 on the profile, sign-up and login: %j", async (bad) => {
    const member = await createMember(t);
    const answers = [
      await t.app.request("/api/me", jsonRequest("PATCH", { fullName: bad }, bearer(member.token))),
      await t.app.request(
        "/api/auth/signup",
        post({
          email: uniqueEmail(),
          password: GOOD_PASSWORD,
          confirmPassword: GOOD_PASSWORD,
          ageConfirmed: true,
          fullName: bad,
        }),
      ),
      await t.app.request(
        "/api/auth/login",
        post({ email: member.email, password: `${GOOD_PASSWORD}${bad}` }),
      ),
      await t.app.request(
        "/api/me",
        jsonRequest("DELETE", { confirmation: `${member.email}${bad}` }, bearer(member.token)),
      ),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({ code: "bad_request", message: invalidTextMessage });
    }
    const me = await t.app.request("/api/me", { headers: bearer(member.token) });
    expect(((await me.json()) as { fullName: string | null }).fullName).toBeNull();
  });

  it("keeps well-formed text beyond ASCII (emoji are surrogate pairs)", async () => {
    const member = await createMember(t);
    const res = await t.app.request(
      "/api/me",
      jsonRequest("PATCH", { fullName: "Zoë 🌿 Ünal" }, bearer(member.token)),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { fullName: string }).fullName).toBe("Zoë 🌿 Ünal");
  });

  it.each([
    { first_name: "Ann\u0000" },
    { first_name: "Ann", last_name: "\uDC00" },
    { first_name: "Ann", username: "ann\u0000x" },
  ])("in a Telegram launch's names is refused with 401, not stored: %j", async (names) => {
    const res = await t.app.request(
      "/api/auth/telegram",
      post({ initData: signInitData({ id: 7_100_000_001, ...names }, clock.now()) }),
    );
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual({
      code: "unauthorized",
      message: "Telegram sign-in data is malformed",
    });
  });
});

describe("deeply nested JSON", () => {
  const arrays = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const objects = (depth: number) => `${'{"":'.repeat(depth)}1${"}".repeat(depth)}`;
  const inField = (depth: number) => `{"email":${arrays(depth)},"password":"x"}`;
  const bodies = [100, 1_000, 10_000].flatMap((depth) => [
    { depth, shape: "arrays", text: arrays(depth) },
    { depth, shape: "objects", text: objects(depth) },
    { depth, shape: "a field", text: inField(depth) },
  ]);
  // Signed out and signed in (as an admin, so every route reads its body).
  const routes: [method: string, path: string][] = [
    ["POST", "/api/auth/login"],
    ["POST", "/api/auth/signup"],
    ["POST", "/api/auth/telegram"],
    ["POST", "/api/auth/password-reset"],
    ["POST", "/api/checkout/storefront"],
    ["POST", "/api/checkout/credits"],
    ["PATCH", "/api/me"],
    ["PUT", "/api/me/plan"],
    ["PUT", "/api/admin/settings"],
    ["POST", "/api/admin/strain-analysis"],
  ];

  it.each(bodies)(
    "is refused with 400, never 500, on every JSON route: $shape $depth deep",
    async ({ text }) => {
      const admin = await createMember(t, { roles: ["admin"] });
      log.lines.length = 0;
      for (const headers of [{}, bearer(admin.token)]) {
        for (const [method, path] of routes) {
          const res = await t.app.request(path, {
            method,
            headers: { ...headers, "content-type": "application/json", "idempotency-key": "deep-json-key" },
            body: text,
          });
          const signedOutOnly =
            path === "/api/checkout/credits" || path.startsWith("/api/me") || path.startsWith("/api/admin");
          if ("authorization" in headers || !signedOutOnly) {
            expect(res.status, `${method} ${path}`).toBe(400);
            expect(await errorOf(res)).toEqual({ code: "bad_request", message: deepJsonMessage });
          } else {
            expect(res.status, `${method} ${path}`).toBe(401);
          }
        }
      }
      const webhook = await app.request("/telegram/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
        body: text,
      });
      expect(webhook.status).toBe(400);
      expect(log.lines.filter((l) => l.level === "error")).toEqual([]);
      expect((await t.app.request("/api/health")).status).toBe(200);
    },
  );

  it(`takes ${MAX_JSON_DEPTH} levels (the route's own rules answer) and refuses one more`, async () => {
    const login = (text: string) =>
      t.app.request("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: text,
      });
    const atLimit = await login(inField(MAX_JSON_DEPTH - 1));
    expect(atLimit.status).toBe(400);
    expect((await errorOf(atLimit)).message).not.toBe(deepJsonMessage);
    const beyond = await login(inField(MAX_JSON_DEPTH));
    expect(await errorOf(beyond)).toEqual({ code: "bad_request", message: deepJsonMessage });
    // Brackets inside strings are text, not nesting.
    const quoted = await login(JSON.stringify({ email: "[".repeat(1000), password: '\\"{'.repeat(1000) }));
    expect((await errorOf(quoted)).message).not.toBe(deepJsonMessage);
  });
});

describe("a JSON route's body of the wrong kind", () => {
  it("answers 415 to a body that is not sent as JSON", async () => {
    const res = await t.app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ email: "a@example.com", password: GOOD_PASSWORD }),
    });
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toEqual({
      code: "unsupported_media_type",
      message: "Send the request body as JSON (Content-Type: application/json)",
    });
  });

  it("answers an empty request with the route's own first message, never a 500", async () => {
    const login = await t.app.request("/api/auth/login", { method: "POST" });
    expect(login.status).toBe(400);
    expect((await errorOf(login)).code).toBe("bad_request");
    const telegram = await t.app.request("/api/auth/telegram", { method: "POST" });
    expect(telegram.status).toBe(401);
    expect(log.lines.filter((l) => l.level === "error")).toEqual([]);
  });
});

describe("POST /telegram/webhook with a malformed body", () => {
  const deliver = (body: string) =>
    app.request("/telegram/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
      body,
    });

  it.each([
    "{not json",
    "",
    "[]",
    "null",
    "7",
    "{}",
    '{"update_id":"12"}',
    '{"update_id":-1}',
    '{"update_id":1.5}',
    '{"update_id":1e30}',
    '{"update_id":99999999999999999999}',
  ])("answers 400: %s", async (body) => {
    const res = await deliver(body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("bad_request");
  });

  it("still takes a well-formed update", async () => {
    expect((await deliver(JSON.stringify({ update_id: 777 }))).status).toBe(200);
  });
});

describe("a database error", () => {
  it("answers 500 and logs no SQL parameter values", async () => {
    const member = await createMember(t);
    const secretValue = "Param-Value-That-Must-Not-Be-Logged";
    await t.services.database.db.execute(
      sql.raw(`alter table profiles add constraint no_secret check (full_name <> '${secretValue}')`),
    );
    try {
      log.lines.length = 0;
      const res = await t.app.request(
        "/api/me",
        jsonRequest("PATCH", { fullName: secretValue }, bearer(member.token)),
      );
      expect(res.status).toBe(500);
      const line = log.lines.find((l) => l.level === "error");
      expect(line?.message).toBe("unhandled error");
      expect(line?.fields).toMatchObject({ code: "23514" });
      expect(String(line?.fields?.query)).toMatch(/^insert into "profiles" .* values \(\$1, /);
      expect(JSON.stringify(log.lines)).not.toContain(secretValue);
      expect(JSON.stringify(log.lines)).not.toContain(member.userId);
    } finally {
      await t.services.database.db.execute(sql.raw("alter table profiles drop constraint no_secret"));
    }
  });

  it("inside a bot update logs no SQL parameter values either", async () => {
    const member = await createMember(t);
    const code = "bad-input-link-code";
    await t.services.database.db.insert(telegramLinkCodes).values({
      userId: member.userId,
      codeHash: hashToken(code),
      expiresAt: new Date(clock.ms + MINUTE),
    });
    const secretValue = "username_that_must_not_be_logged";
    await t.services.database.db.execute(
      sql.raw(`alter table users add constraint no_secret check (telegram_username <> '${secretValue}')`),
    );
    try {
      const update = (updateId: number) => ({
        update_id: updateId,
        message: {
          message_id: 1,
          date: Math.floor(clock.ms / 1000),
          chat: { id: 55, type: "private" as const, first_name: "P" },
          from: { id: 55, is_bot: false, first_name: "P", username: secretValue },
          text: `/start link_${code}`,
          entities: [{ type: "bot_command" as const, offset: 0, length: 6 }],
        },
      });
      log.lines.length = 0;
      // A webhook update that fails answers 500, so Telegram delivers it again...
      const res = await app.request("/telegram/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
        body: JSON.stringify(update(778)),
      });
      expect(res.status).toBe(500);
      // ...and long polling hands the failure to the bot's error handler.
      await bot.handleUpdate(update(779)).catch(bot.errorHandler);
      expect(log.lines.filter((l) => l.level === "error").map((l) => [l.message, l.fields?.code])).toEqual([
        ["unhandled error", "23514"],
        ["bot update failed", "23514"],
      ]);
      expect(JSON.stringify(log.lines)).not.toContain(secretValue);
    } finally {
      await t.services.database.db.execute(sql.raw("alter table users drop constraint no_secret"));
    }
  });
});
