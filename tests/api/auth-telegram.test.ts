import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionSchema } from "#api/contracts/auth";
import { profiles, userRoles, users } from "#db/schema/index";
import {
  bearer,
  DAY,
  errorOf,
  MINUTE,
  post,
  sessionCookieOf,
  signInitData,
  TEST_BOT_TOKEN,
  type TelegramTestUser,
  TestClock,
} from "../helpers/accounts";
import { startTestApp, type TestApp } from "../helpers/test-app";

const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    now: clock.now,
    env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: "900000000001, 5" },
  });
});
afterAll(() => t.close());

const alice: TelegramTestUser = {
  id: 7_000_000_001,
  first_name: "Alice",
  last_name: "Liddell",
  username: "alice",
  photo_url: "https://t.me/i/userpic/320/alice.jpg",
};

const signIn = (initData: unknown) => t.app.request("/api/auth/telegram", post({ initData }));

describe("POST /api/auth/telegram", () => {
  it("creates the account from a valid launch and returns a working session", async () => {
    const res = await signIn(signInitData(alice, clock.now()));
    expect(res.status).toBe(200);
    const session = sessionSchema.parse(await res.json());
    expect(session.user).toMatchObject({
      fullName: "Alice Liddell",
      avatarUrl: alice.photo_url,
      telegramId: "7000000001",
      telegramUsername: "alice",
      ageVerified: false,
      hasPassword: false,
      email: null,
      roles: [],
    });
    expect(Date.parse(session.expiresAt) - clock.ms).toBe(30 * DAY);
    expect(sessionCookieOf(res)?.value).toBe(session.token);

    const me = await t.app.request("/api/me", { headers: bearer(session.token) });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: string }).id).toBe(session.user.id);
  });

  it("finds the same account next time, follows the username, keeps what the person set", async () => {
    const first = sessionSchema.parse(await (await signIn(signInitData(alice, clock.now()))).json());
    await t.services.database.db
      .update(profiles)
      .set({ fullName: "Ali", avatarUrl: `/media/avatars/${first.user.id}/${first.user.id}-1.png` })
      .where(eq(profiles.id, first.user.id));

    const renamed = {
      ...alice,
      username: "alice_new",
      first_name: "Alicia",
      photo_url: "https://t.me/i/new.jpg",
    };
    const again = sessionSchema.parse(await (await signIn(signInitData(renamed, clock.now()))).json());
    expect(again.user.id).toBe(first.user.id);
    expect(again.user.telegramUsername).toBe("alice_new");
    expect(again.user.fullName).toBe("Ali");
    expect(again.user.avatarUrl).toBe(`/media/avatars/${first.user.id}/${first.user.id}-1.png`);
    expect(again.token).not.toBe(first.token);
    const rows = await t.services.database.db
      .select()
      .from(users)
      .where(eq(users.telegramId, BigInt(alice.id)));
    expect(rows).toHaveLength(1);
  });

  it("refreshes a Telegram photo that the person did not replace", async () => {
    const bob = { id: 7_000_000_002, first_name: "Bob", photo_url: "https://t.me/i/bob-1.jpg" };
    await signIn(signInitData(bob, clock.now()));
    const res = await signIn(signInitData({ ...bob, photo_url: "https://t.me/i/bob-2.jpg" }, clock.now()));
    expect(sessionSchema.parse(await res.json()).user.avatarUrl).toBe("https://t.me/i/bob-2.jpg");
  });

  it("keeps ids beyond 32 bits exact", async () => {
    const big = { id: 9_007_199_254_740_000, first_name: "Big" };
    const res = await signIn(signInitData(big, clock.now()));
    expect(sessionSchema.parse(await res.json()).user.telegramId).toBe("9007199254740000");
  });

  it("makes the Telegram ids in ADMIN_TELEGRAM_IDS admins", async () => {
    const res = await signIn(signInitData({ id: 900_000_000_001, first_name: "Owner" }, clock.now()));
    const session = sessionSchema.parse(await res.json());
    expect(session.user.roles).toEqual(["admin"]);
    const other = sessionSchema.parse(
      await (await signIn(signInitData({ id: 900_000_000_002, first_name: "Guest" }, clock.now()))).json(),
    );
    expect(other.user.roles).toEqual([]);
    const roleRows = await t.services.database.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, session.user.id));
    expect(roleRows.map((r) => r.role)).toEqual(["admin"]);
  });

  describe("refuses with 401 and says why", () => {
    const refused = async (initData: unknown, message: string, reason?: string) => {
      const res = await signIn(initData);
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toEqual({ code: "unauthorized", message, ...(reason ? { reason } : {}) });
      expect(sessionCookieOf(res)).toBeUndefined();
    };

    it("missing", async () => {
      await refused(undefined, "Telegram sign-in data is missing");
      await refused("", "Telegram sign-in data is missing");
      const res = await t.app.request("/api/auth/telegram", post({}));
      expect(res.status).toBe(401);
    });

    it("malformed", async () => {
      await refused("hello", "Telegram sign-in data is malformed");
      await refused("auth_date=abc&hash=zz", "Telegram sign-in data is malformed");
      const valid = new URLSearchParams(signInitData(alice, clock.now()));
      valid.delete("auth_date");
      await refused(valid.toString(), "Telegram sign-in data is malformed");
    });

    it("a correctly signed launch without a usable user", async () => {
      const { sign } = await import("@telegram-apps/init-data-node");
      const noUser = sign({ query_id: "x" } as Parameters<typeof sign>[0], TEST_BOT_TOKEN, clock.now());
      await refused(noUser, "Telegram sign-in data is malformed");
    });

    it("forged hash", async () => {
      const params = new URLSearchParams(signInitData(alice, clock.now()));
      params.set("hash", "0".repeat(64));
      await refused(params.toString(), "Telegram sign-in data is invalid");
    });

    it("signed with another bot's token", async () => {
      await refused(
        signInitData(alice, clock.now(), "999:someone-elses-token"),
        "Telegram sign-in data is invalid",
      );
    });

    it("tampered field", async () => {
      const params = new URLSearchParams(signInitData(alice, clock.now()));
      params.set("user", JSON.stringify({ ...alice, id: 1 }));
      await refused(params.toString(), "Telegram sign-in data is invalid");
      const later = new URLSearchParams(signInitData(alice, clock.now()));
      later.set("auth_date", String(Math.floor(clock.ms / 1000) + 5));
      await refused(later.toString(), "Telegram sign-in data is invalid");
    });

    it("expired (older than AUTH_MAX_AGE, one day by default)", async () => {
      await refused(
        signInitData(alice, new Date(clock.ms - DAY - MINUTE)),
        "Telegram sign-in data has expired. Please reopen the app.",
        // The Mini App offers Close (reopening brings fresh data) rather than a Retry that cannot work.
        "telegram_data_expired",
      );
      expect((await signIn(signInitData(alice, new Date(clock.ms - DAY + MINUTE)))).status).toBe(200);
    });

    it("dated in the future", async () => {
      await refused(
        signInitData(alice, new Date(clock.ms + 10 * MINUTE)),
        "Telegram sign-in data is dated in the future. Check your device's clock.",
      );
    });
  });
});

describe("without BOT_TOKEN", () => {
  it("says Telegram sign-in is not configured", async () => {
    const bare = await startTestApp();
    try {
      const res = await bare.app.request(
        "/api/auth/telegram",
        post({ initData: signInitData(alice, new Date()) }),
      );
      expect(res.status).toBe(401);
      expect((await errorOf(res)).message).toBe("Telegram sign-in is not configured");
    } finally {
      await bare.close();
    }
  });
});

describe("AUTH_MAX_AGE", () => {
  it("shortens the window", async () => {
    const strict = await startTestApp({
      now: clock.now,
      env: { BOT_TOKEN: TEST_BOT_TOKEN, AUTH_MAX_AGE: "300" },
    });
    try {
      const old = await strict.app.request(
        "/api/auth/telegram",
        post({ initData: signInitData(alice, new Date(clock.ms - 6 * MINUTE)) }),
      );
      expect(old.status).toBe(401);
      const fresh = await strict.app.request(
        "/api/auth/telegram",
        post({ initData: signInitData(alice, new Date(clock.ms - 4 * MINUTE)) }),
      );
      expect(fresh.status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
