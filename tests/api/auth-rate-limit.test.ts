import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServices } from "#api/compose";
import { busyMessage, hashToken } from "#api/domain/auth";
import { createApp } from "#api/http/app";
import { createLogger } from "#api/process/logger";
import { createDb } from "#db/client";
import { passwordResetTokens, profiles } from "#db/schema/index";
import {
  createMember,
  errorOf,
  GOOD_PASSWORD,
  HOUR,
  MINUTE,
  post,
  TestClock,
  uniqueEmail,
} from "../helpers/accounts";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";

const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  // A long password queue, so that in the concurrency tests the limits are what stops requests.
  t = await startTestApp({ now: clock.now, env: { TRUST_PROXY: "true", PASSWORD_QUEUE: "200" } });
});
afterAll(() => t.close());

const hashed = () => t.services.passwords.queue.started;
let addressCounter = 0;
const newAddress = () => `203.0.113.${++addressCounter}`;
const login = (email: string, password: string, address: string) =>
  t.app.request("/api/auth/login", post({ email, password }, { "x-forwarded-for": `10.0.0.1, ${address}` }));

async function expectLimited(res: Response, minutes: number) {
  expect(res.status).toBe(429);
  expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(Math.ceil(Number(res.headers.get("retry-after")) / 60)).toBe(minutes);
  expect(await errorOf(res)).toEqual({
    code: "rate_limited",
    message: `Too many attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  });
}

describe("login limits", () => {
  it("per account and address: 5 failures in 15 minutes, then even the right password waits there", async () => {
    const member = await createMember(t);
    const attacker = newAddress();
    for (let i = 0; i < 5; i++) {
      expect((await login(member.email, "Wrong-pass-1", attacker)).status).toBe(401);
      clock.advance(MINUTE);
    }
    await expectLimited(await login(member.email, member.password, attacker), 10);
    // One address cannot lock the owner out: from anywhere else the right password works.
    expect((await login(member.email, member.password, newAddress())).status).toBe(200);
    clock.advance(10 * MINUTE);
    expect((await login(member.email, member.password, attacker)).status).toBe(200);
  });

  it("per account from any addresses: a ceiling of 50 failures in 15 minutes", async () => {
    const member = await createMember(t);
    for (let i = 0; i < 10; i++) {
      const address = newAddress();
      for (let j = 0; j < 5; j++)
        expect((await login(member.email, "Wrong-pass-1", address)).status).toBe(401);
    }
    await expectLimited(await login(member.email, member.password, newAddress()), 15);
    clock.advance(15 * MINUTE);
    expect((await login(member.email, member.password, newAddress())).status).toBe(200);
  });

  it("a success clears the count of its account and address", async () => {
    const member = await createMember(t);
    const address = newAddress();
    for (let i = 0; i < 4; i++) await login(member.email, "Wrong-pass-1", address);
    expect((await login(member.email, member.password, address)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(member.email, "Wrong-pass-1", address)).status).toBe(401);
  });

  it("100 concurrent wrong logins for one account from one address: at most 5 reach argon2, and the right password at #80 does not sign in", async () => {
    await racing();
    const member = await createMember(t);
    const address = newAddress();
    const hashedBefore = hashed();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(member.email, i === 79 ? member.password : `Wrong-pass-${i}`, address),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(hashed() - hashedBefore).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - statuses.filter((s) => s === 401).length);
    expect(statuses[79]).toBe(429);
    // The owner, elsewhere, is not locked out.
    expect((await login(member.email, member.password, newAddress())).status).toBe(200);
  });

  it("per address: 20 failures in 15 minutes across accounts", async () => {
    const address = newAddress();
    for (let i = 0; i < 20; i++) {
      expect((await login(uniqueEmail("guess"), "Wrong-pass-1", address)).status).toBe(401);
    }
    const member = await createMember(t);
    await expectLimited(await login(member.email, member.password, address), 15);
    expect((await login(member.email, member.password, newAddress())).status).toBe(200);
    clock.advance(15 * MINUTE);
    expect((await login(member.email, member.password, address)).status).toBe(200);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set", async () => {
    const direct = await startTestApp();
    try {
      for (let i = 0; i < 20; i++) {
        const res = await direct.app.request(
          "/api/auth/login",
          post({ email: uniqueEmail(), password: "Wrong-pass-1" }, { "x-forwarded-for": `192.0.2.${i}` }),
        );
        expect(res.status).toBe(401);
      }
      const res = await direct.app.request(
        "/api/auth/login",
        post({ email: uniqueEmail(), password: "Wrong-pass-1" }, { "x-forwarded-for": "192.0.2.200" }),
      );
      expect(res.status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe("password reset limits", () => {
  const reset = (email: string, address: string) =>
    t.app.request("/api/auth/password-reset", post({ email }, { "x-forwarded-for": address }));

  it("per account: 5 requests in 15 minutes, whether or not the email exists", async () => {
    for (const email of [(await createMember(t)).email, uniqueEmail("nobody")]) {
      for (let i = 0; i < 5; i++) expect((await reset(email, newAddress())).status).toBe(200);
      await expectLimited(await reset(email, newAddress()), 15);
    }
    clock.advance(15 * MINUTE);
  });

  it("per address: 20 requests in 15 minutes", async () => {
    const address = newAddress();
    for (let i = 0; i < 20; i++) expect((await reset(uniqueEmail(), address)).status).toBe(200);
    await expectLimited(await reset(uniqueEmail(), address), 15);
  });

  it("wrong reset tokens count against the address", async () => {
    const address = newAddress();
    const confirm = () =>
      t.app.request(
        "/api/auth/password-reset/confirm",
        post(
          { token: "guess-guess-guess-guess", password: "Brand-New-1", confirmPassword: "Brand-New-1" },
          { "x-forwarded-for": address },
        ),
      );
    for (let i = 0; i < 20; i++) expect((await confirm()).status).toBe(400);
    expect((await confirm()).status).toBe(429);
  });

  it("100 concurrent wrong tokens from one address: 20 are looked at, and a real token then waits there", async () => {
    await racing();
    const member = await createMember(t);
    const token = "a-real-token-for-this-test-only-0000000001";
    await t.services.database.db
      .insert(passwordResetTokens)
      .values({ userId: member.userId, tokenHash: hashToken(token), expiresAt: new Date(clock.ms + HOUR) });
    const address = newAddress();
    const confirm = (guess: string, from = address) =>
      t.app.request(
        "/api/auth/password-reset/confirm",
        post(
          { token: guess, password: "Brand-New-1", confirmPassword: "Brand-New-1" },
          { "x-forwarded-for": from },
        ),
      );
    const statuses = (
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => confirm(i === 79 ? token : `guess-guess-${i}-guess`)),
      )
    ).map((res) => res.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(20);
    expect(statuses[79]).toBe(429);
    expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
    // The token was not spent: it still works from another address.
    expect((await confirm(token, newAddress())).status).toBe(200);
  });

  it("50 concurrent requests for one account store at most 5 reset tokens", async () => {
    await racing();
    const member = await createMember(t);
    const statuses = (
      await Promise.all(Array.from({ length: 50 }, () => reset(member.email, newAddress())))
    ).map((res) => res.status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
    const stored = await t.services.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, member.userId));
    expect(stored.length).toBeLessThanOrEqual(5);
    expect(stored.length).toBe(statuses.filter((s) => s === 200).length);
  });
});

describe("sign-up limits", () => {
  const signUp = (email: string, address: string) =>
    t.app.request(
      "/api/auth/signup",
      post(
        { email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, ageConfirmed: true },
        { "x-forwarded-for": address },
      ),
    );

  it("per address: 10 attempts an hour, 'already registered' answers included", async () => {
    const address = newAddress();
    const taken = uniqueEmail("taken");
    expect((await signUp(taken, address)).status).toBe(201);
    // Proven, the address is taken: an unproven one stops no sign-up.
    await t.services.database.db
      .update(profiles)
      .set({ emailVerifiedAt: clock.now() })
      .where(eq(profiles.email, taken));
    for (let i = 0; i < 9; i++) expect((await signUp(taken, address)).status).toBe(409);
    await expectLimited(await signUp(uniqueEmail(), address), 60);
    expect((await signUp(uniqueEmail(), newAddress())).status).toBe(201);
    clock.advance(HOUR);
    expect((await signUp(uniqueEmail(), address)).status).toBe(201);
  });

  it("30 concurrent sign-ups from one address: at most 10 are answered", async () => {
    await racing();
    const address = newAddress();
    const statuses = (
      await Promise.all(Array.from({ length: 30 }, () => signUp(uniqueEmail(), address)))
    ).map((res) => res.status);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
  });
});

describe("password hashing queue", () => {
  it("answers 503 with Retry-After when full, and the refused attempt is not counted", async () => {
    const member = await createMember(t);
    const address = newAddress();
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const queue = t.services.passwords.queue;
    const blockers = Array.from({ length: queue.concurrency + queue.maxWaiting }, () =>
      queue.run(() => gate),
    );
    try {
      const res = await login(member.email, "Wrong-pass-1", address);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("1");
      expect(await errorOf(res)).toEqual({ code: "unavailable", message: busyMessage });
    } finally {
      open();
      await Promise.all(blockers);
    }
    for (let i = 0; i < 5; i++) expect((await login(member.email, "Wrong-pass-1", address)).status).toBe(401);
    expect((await login(member.email, "Wrong-pass-1", address)).status).toBe(429);
  });

  it("a flood of logins for unknown emails from as many addresses: the queue's worth is hashed, the rest answer 503", async () => {
    const small = await startTestApp({
      env: { TRUST_PROXY: "true", PASSWORD_WORKERS: "1", PASSWORD_QUEUE: "2" },
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          small.app.request(
            "/api/auth/login",
            post(
              { email: uniqueEmail("flood"), password: "Wrong-pass-1" },
              { "x-forwarded-for": `192.0.2.${i}` },
            ),
          ),
        ),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((s) => s !== 401 && s !== 503)).toEqual([]);
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(50);
      expect(small.services.passwords.queue.started).toBe(statuses.filter((s) => s === 401).length);
      const busy = answers[statuses.indexOf(503)];
      expect(busy?.headers.get("retry-after")).toBe("1");
    } finally {
      await small.close();
    }
  });
});

describe(process.env.DATABASE_URL ? "two processes on one Postgres" : "two apps on one PGlite", () => {
  it("count against one limit", async () => {
    // On Postgres a second pool on the same database, with its own services and app, is the second
    // process; PGlite takes one process, so there two apps share the one database.
    const secondDb = t.databaseUrl ? await createDb({ databaseUrl: t.databaseUrl, poolSize: 5 }) : undefined;
    const second = await startServices(
      t.services.config,
      createLogger("silent"),
      secondDb ?? t.services.database,
      {
        now: clock.now,
      },
    );
    const apps = [t.app, createApp({ ...second, staticDir: undefined })] as const;
    const loginAt = (app: number, email: string, password: string, address: string) =>
      apps[app % 2]?.request("/api/auth/login", post({ email, password }, { "x-forwarded-for": address })) ??
      Promise.reject(new Error("no app"));
    try {
      const member = await createMember(t);
      const address = newAddress();
      for (let i = 0; i < 5; i++)
        expect((await loginAt(i, member.email, "Wrong-pass-1", address)).status).toBe(401);
      await expectLimited(await loginAt(1, member.email, member.password, address), 15);
      await expectLimited(await loginAt(0, member.email, member.password, address), 15);

      const other = await createMember(t);
      const otherAddress = newAddress();
      const bothHashed = () => hashed() + second.passwords.queue.started;
      const hashedBefore = bothHashed();
      const statuses = (
        await Promise.all(
          Array.from({ length: 100 }, (_, i) => loginAt(i, other.email, `Wrong-pass-${i}`, otherAddress)),
        )
      ).map((res) => res.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(bothHashed() - hashedBefore).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    } finally {
      await second.close();
      await secondDb?.close();
    }
  });
});

describe("client address", () => {
  it("comes from the socket under @hono/node-server", async () => {
    const { serve } = await import("@hono/node-server");
    const { Hono } = await import("hono");
    const { clientAddress } = await import("#api/http/middleware/client-address");
    const probe = new Hono().get("/", (c) => c.text(`${clientAddress(c, false)}|${clientAddress(c, true)}`));
    const server = serve({ fetch: probe.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { "x-forwarded-for": "1.2.3.4, 5.6.7.8" },
      });
      expect(await res.text()).toMatch(/^(::ffff:)?127\.0\.0\.1\|5\.6\.7\.8$/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
