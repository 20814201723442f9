import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionSchema } from "#api/contracts/auth";
import { MAX_SESSIONS_PER_USER } from "#api/domain/auth/sessions";
import { sweepEnded } from "#api/domain/operations";
import { rateLimits, sessions } from "#db/schema/index";
import {
  bearer,
  createMember,
  DAY,
  post,
  signInitData,
  TEST_BOT_TOKEN,
  TestClock,
  uniqueEmail,
} from "../helpers/accounts";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";

const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: clock.now, env: { BOT_TOKEN: TEST_BOT_TOKEN, SESSION_TTL_DAYS: "30" } });
});
afterAll(() => t.close());

const launch = (id: number, secondsAgo = 0) =>
  signInitData({ id, first_name: "Replay" }, new Date(clock.ms - secondsAgo * 1000));
const signIn = async (initData: string) => {
  const res = await t.app.request("/api/auth/telegram", post({ initData }));
  expect(res.status).toBe(200);
  return sessionSchema.parse(await res.json());
};
const sessionsOf = (userId: string) =>
  t.services.database.db.select().from(sessions).where(eq(sessions.userId, userId));
const me = (token: string) => t.app.request("/api/me", { headers: bearer(token) });

describe("Telegram launch sessions", () => {
  it("2,000 concurrent replays of one initData resume one session", async () => {
    await racing();
    const initData = launch(7_100_000_001);
    const first = await signIn(initData);
    const replays = await Promise.all(Array.from({ length: 2000 }, () => signIn(initData)));
    expect(new Set(replays.map((s) => s.token))).toEqual(new Set([first.token]));
    expect(await sessionsOf(first.user.id)).toHaveLength(1);
    expect((await me(first.token)).status).toBe(200);
  }, 180_000);

  it("a replay after signing out starts a new session, not the ended one", async () => {
    const initData = launch(7_100_000_002);
    const first = await signIn(initData);
    await t.app.request("/api/auth/logout", { method: "POST", headers: bearer(first.token) });
    const again = await signIn(initData);
    expect(again.token).not.toBe(first.token);
    expect((await me(first.token)).status).toBe(401);
    expect((await me(again.token)).status).toBe(200);
  });

  it(`each user keeps at most ${MAX_SESSIONS_PER_USER} live sessions: a new one ends the oldest`, async () => {
    const launches: string[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 2; i++)
      launches.push((await signIn(launch(7_100_000_003, 60 - i))).token);
    const [oldest, second, ...rest] = launches;
    expect((await me(oldest ?? "")).status).toBe(401);
    expect((await me(second ?? "")).status).toBe(401);
    for (const token of rest) expect((await me(token)).status).toBe(200);
  });
});

describe("the housekeeping sweep", () => {
  it("deletes expired and revoked sessions and ended rate-limit windows, and keeps the rest", async () => {
    const expiring = await createMember(t);
    const live = await createMember(t);
    const revoked = await createMember(t);
    await t.app.request("/api/auth/logout", { method: "POST", headers: bearer(revoked.token) });
    const db = t.services.database.db;
    await db
      .update(sessions)
      .set({ expiresAt: new Date(clock.ms - 1) })
      .where(eq(sessions.userId, expiring.userId));
    // A failed login opens 15-minute windows.
    await t.app.request("/api/auth/login", post({ email: uniqueEmail(), password: "Wrong-pass-1" }));
    expect((await db.select().from(rateLimits)).length).toBeGreaterThan(0);

    await sweepEnded({ db }, clock.now());
    expect(await sessionsOf(expiring.userId)).toHaveLength(0);
    expect(await sessionsOf(revoked.userId)).toHaveLength(0);
    expect(await sessionsOf(live.userId)).toHaveLength(1);
    expect((await db.select().from(rateLimits)).length).toBeGreaterThan(0);

    clock.advance(DAY);
    await sweepEnded({ db }, clock.now());
    expect(await db.select().from(rateLimits)).toHaveLength(0);
    expect((await me(live.token)).status).toBe(200);
  });
});
