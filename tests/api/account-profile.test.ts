import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { telegramLinkSchema } from "#api/contracts/account";
import { meSchema } from "#api/contracts/me";
import { users } from "#db/schema/index";
import {
  bearer,
  createMember,
  errorOf,
  jsonRequest,
  MINUTE,
  post,
  recordingTelegram,
  signInitData,
  TEST_BOT_TOKEN,
  TestClock,
} from "../helpers/accounts";
import { startTestApp, type TestApp } from "../helpers/test-app";

const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    now: clock.now,
    telegram: recordingTelegram("test_shop_bot"),
    env: { BOT_TOKEN: TEST_BOT_TOKEN },
  });
});
afterAll(() => t.close());

describe("GET /api/me", () => {
  it("returns the own account in the contract's shape", async () => {
    const member = await createMember(t, { fullName: "Grace Hopper", roles: ["employee"] });
    const res = await t.app.request("/api/me", { headers: bearer(member.token) });
    expect(res.status).toBe(200);
    expect(meSchema.strict().parse(await res.json())).toEqual({
      id: member.userId,
      email: member.email,
      emailVerified: false,
      fullName: "Grace Hopper",
      avatarUrl: null,
      ageVerified: true,
      telegramId: null,
      telegramUsername: null,
      hasPassword: true,
      orderEmails: true,
      newsMessages: true,
      planReminders: true,
      cartReminders: true,
      botWritable: false,
      language: "en",
      roles: ["employee"],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});

describe("PATCH /api/me", () => {
  it("saves a trimmed full name; a blank one is refused and the old name kept", async () => {
    const member = await createMember(t);
    const res = await t.app.request(
      "/api/me",
      jsonRequest("PATCH", { fullName: "  Ada Lovelace " }, bearer(member.token)),
    );
    expect(res.status).toBe(200);
    expect(meSchema.parse(await res.json()).fullName).toBe("Ada Lovelace");
    for (const blank of ["", "   "]) {
      const refused = await t.app.request(
        "/api/me",
        jsonRequest("PATCH", { fullName: blank }, bearer(member.token)),
      );
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).message).toBe("Please enter your full name.");
    }
    const me = await t.app.request("/api/me", { headers: bearer(member.token) });
    expect(meSchema.parse(await me.json()).fullName).toBe("Ada Lovelace");
  });

  it("400 for a name too long", async () => {
    const member = await createMember(t);
    const res = await t.app.request(
      "/api/me",
      jsonRequest("PATCH", { fullName: "x".repeat(101) }, bearer(member.token)),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("Name must be at most 100 characters");
  });
});

describe("POST /api/me/age-verification", () => {
  it("passes the age gate of a Telegram account", async () => {
    const launch = await t.app.request(
      "/api/auth/telegram",
      post({ initData: signInitData({ id: 8_100_000_001, first_name: "Tg" }, clock.now()) }),
    );
    const { token, user } = (await launch.json()) as { token: string; user: { ageVerified: boolean } };
    expect(user.ageVerified).toBe(false);
    const refused = await t.app.request(
      "/api/me/age-verification",
      post({ confirmed: false }, bearer(token)),
    );
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toEqual({ code: "bad_request", message: "You must be 21+ to join" });
    const res = await t.app.request("/api/me/age-verification", post({ confirmed: true }, bearer(token)));
    expect(res.status).toBe(200);
    expect(meSchema.parse(await res.json()).ageVerified).toBe(true);
  });
});

describe("GET /api/me/roles", () => {
  it("gives the own roles, highest rank first", async () => {
    const member = await createMember(t, { roles: ["employee", "moderator"] });
    const res = await t.app.request("/api/me/roles", { headers: bearer(member.token) });
    expect(await res.json()).toEqual({ roles: ["moderator", "employee"] });
  });
});

describe("POST /api/me/telegram-link", () => {
  it("returns a one-time t.me deep link valid for 15 minutes", async () => {
    const member = await createMember(t);
    const res = await t.app.request("/api/me/telegram-link", {
      method: "POST",
      headers: bearer(member.token),
    });
    expect(res.status).toBe(200);
    const link = telegramLinkSchema.parse(await res.json());
    expect(link.url).toMatch(/^https:\/\/t\.me\/test_shop_bot\?start=link_[A-Za-z0-9_-]{22}$/);
    expect(Date.parse(link.expiresAt) - clock.ms).toBe(15 * MINUTE);
  });

  it("409 when the account already has Telegram", async () => {
    const member = await createMember(t);
    await t.services.database.db.update(users).set({ telegramId: 555n }).where(eq(users.id, member.userId));
    const res = await t.app.request("/api/me/telegram-link", {
      method: "POST",
      headers: bearer(member.token),
    });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: "conflict",
      message: "Your account is already linked to Telegram.",
      reason: "telegram_already_linked",
    });
  });

  it("503 'The bot is not configured' while there is no bot (decision 121)", async () => {
    const off = await startTestApp();
    try {
      const member = await createMember(off);
      const res = await off.app.request("/api/me/telegram-link", {
        method: "POST",
        headers: bearer(member.token),
      });
      expect(res.status).toBe(503);
      expect(await errorOf(res)).toEqual({
        code: "unavailable",
        message: "The bot is not configured: set BOT_TOKEN",
        reason: "bot_not_running",
      });
    } finally {
      await off.close();
    }
  });
});
