import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionSchema } from "#api/contracts/auth";
import { executeRows } from "#db/client";
import { credentials, sessions } from "#db/schema/index";
import {
  bearer,
  createMember,
  DAY,
  errorOf,
  GOOD_PASSWORD,
  jsonRequest,
  post,
  sessionCookieOf,
  TestClock,
  uniqueEmail,
} from "../helpers/accounts";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";

const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    now: clock.now,
    env: {
      ADMIN_EMAILS: "Boss@Example.com, chief@example.com",
      PUBLIC_URL: "https://shop.example.com",
      TRUST_PROXY: "true",
      // Twenty sign-ups at once wait for argon2 rather than answer server_busy.
      PASSWORD_QUEUE: "200",
    },
  });
});
afterAll(() => t.close());

// Each test its own address, so the per-address login limit never spills between tests.
let addressCounter = 0;
const fromNewAddress = () => ({ "x-forwarded-for": `198.51.100.${++addressCounter}` });

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: GOOD_PASSWORD,
  confirmPassword: GOOD_PASSWORD,
  ageConfirmed: true,
  ...extra,
});

describe("POST /api/auth/signup", () => {
  it("creates an age-verified account with an argon2id hash and signs in (body and cookie)", async () => {
    const email = uniqueEmail("new");
    const res = await t.app.request(
      "/api/auth/signup",
      post(signUpBody(`  ${email}  `, { fullName: " Ada " })),
    );
    expect(res.status).toBe(201);
    const session = sessionSchema.parse(await res.json());
    expect(session.user).toMatchObject({
      email,
      fullName: "Ada",
      ageVerified: true,
      hasPassword: true,
      telegramId: null,
      roles: [],
    });
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const cookie = sessionCookieOf(res);
    expect(cookie?.value).toBe(session.token);
    expect(cookie?.attributes).toMatch(/HttpOnly/i);
    expect(cookie?.attributes).toMatch(/Secure/i);
    expect(cookie?.attributes).toMatch(/SameSite=Lax/i);
    expect(cookie?.attributes).toMatch(/Path=\//i);

    const [stored] = await t.services.database.db
      .select()
      .from(credentials)
      .where(eq(credentials.userId, session.user.id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    const [row] = await t.services.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, session.user.id));
    // Only the hash is kept.
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(session.token);
  });

  it("answers 409 'Account exists' for an email an account proved, in any case", async () => {
    const { email } = await createMember(t, { emailVerified: true });
    const res = await t.app.request("/api/auth/signup", post(signUpBody(email.toUpperCase())));
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: "conflict",
      message: "This email is already registered. Please log in instead.",
      reason: "account_exists",
    });
  });

  it("answers 409 'Account exists' for an address another web sign-up gave, unproven, in any case", async () => {
    const email = uniqueEmail("again");
    const first = await t.app.request("/api/auth/signup", post(signUpBody(email), fromNewAddress()));
    expect(sessionSchema.parse(await first.json()).user.emailVerified).toBe(false);
    const again = await t.app.request(
      "/api/auth/signup",
      post(
        signUpBody(` ${email.toUpperCase()} `, { password: "Other-Pass-2", confirmPassword: "Other-Pass-2" }),
        fromNewAddress(),
      ),
    );
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({
      code: "conflict",
      message: "This email is already registered. Please log in instead.",
      reason: "account_exists",
    });
    const [{ n } = { n: -1 }] = await executeRows<{ n: number }>(
      t.services.database.db,
      sql`select count(*)::int as n from profiles where lower(email) = lower(${email})`,
    );
    expect(n).toBe(1);
  });

  it("makes one account of 20 sign-ups of one address at once; the other 19 answer 'Account exists'", async () => {
    await racing();
    const email = uniqueEmail("crowd");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.request(
          "/api/auth/signup",
          post(signUpBody(i % 2 ? email.toUpperCase() : email), fromNewAddress()),
        ),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const refused = answers.filter((res) => res.status === 409);
    for (const res of refused) expect((await errorOf(res)).reason).toBe("account_exists");
    const accounts = await executeRows<{ id: string }>(
      t.services.database.db,
      sql`select id from profiles where lower(email) = lower(${email})`,
    );
    expect(accounts).toHaveLength(1);
  });

  it.each([
    [{ email: "nope" }, "Invalid email address"],
    [{ password: "Ab1", confirmPassword: "Ab1" }, "Password must be at least 8 characters"],
    [{ password: "abcdefg1", confirmPassword: "abcdefg1" }, "Password must contain an uppercase letter"],
    [{ password: "Abcdefgh", confirmPassword: "Abcdefgh" }, "Password must contain a number"],
    [{ confirmPassword: "Different-1" }, "Passwords don't match"],
    [{ ageConfirmed: false }, "You must be 21+ to join"],
  ])("400 with the first rule broken: %o", async (change, message) => {
    const res = await t.app.request("/api/auth/signup", post({ ...signUpBody(uniqueEmail()), ...change }));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: "bad_request", message });
  });

  it("makes no admin of an ADMIN_EMAILS address it cannot prove (no SMTP here; email-verification.test.ts)", async () => {
    const res = await t.app.request("/api/auth/signup", post(signUpBody("boss@example.COM")));
    expect(sessionSchema.parse(await res.json()).user).toMatchObject({ roles: [], emailVerified: false });
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password, any email case", async () => {
    const member = await createMember(t);
    const res = await t.app.request(
      "/api/auth/login",
      post({ email: ` ${member.email.toUpperCase()} `, password: member.password }, fromNewAddress()),
    );
    expect(res.status).toBe(200);
    const session = sessionSchema.parse(await res.json());
    expect(session.user.id).toBe(member.userId);
    expect(sessionCookieOf(res)?.value).toBe(session.token);
  });

  it("answers 'Invalid email or password' alike for a wrong password and an unknown email", async () => {
    const member = await createMember(t);
    const wrong = await t.app.request(
      "/api/auth/login",
      post({ email: member.email, password: "Wrong-pass-1" }, fromNewAddress()),
    );
    const unknown = await t.app.request(
      "/api/auth/login",
      post({ email: uniqueEmail("ghost"), password: "Whatever-1" }, fromNewAddress()),
    );
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toEqual({
        code: "unauthorized",
        message: "Invalid email or password",
        reason: "invalid_credentials",
      });
      expect(sessionCookieOf(res)).toBeUndefined();
    }
  });

  it.each([
    [{ email: "x", password: "y" }, "Invalid email address"],
    [{ email: "a@example.com", password: "" }, "Password is required"],
  ])("400 for %o", async (body, message) => {
    const res = await t.app.request("/api/auth/login", post(body, fromNewAddress()));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
  });

  it("grants no ADMIN_EMAILS admin on login to an unproven email", async () => {
    const chief = await createMember(t, { email: "chief@example.com" });
    expect(chief.session.user.roles).toEqual([]);
    const res = await t.app.request(
      "/api/auth/login",
      post({ email: chief.email, password: chief.password }, fromNewAddress()),
    );
    expect(sessionSchema.parse(await res.json()).user.roles).toEqual([]);
  });
});

describe("sessions", () => {
  it("accept Bearer and the cookie; garbage is anonymous", async () => {
    const member = await createMember(t);
    expect((await t.app.request("/api/me", { headers: bearer(member.token) })).status).toBe(200);
    expect(
      (await t.app.request("/api/me", { headers: { cookie: `__Host-session=${member.token}` } })).status,
    ).toBe(200);
    const anonymous = await t.app.request("/api/me", { headers: bearer("x".repeat(43)) });
    expect(anonymous.status).toBe(401);
    expect(await errorOf(anonymous)).toEqual({ code: "unauthorized", message: "Not signed in" });
    expect((await t.app.request("/api/me")).status).toBe(401);
  });

  it("expire after SESSION_TTL_DAYS", async () => {
    const member = await createMember(t);
    clock.advance(30 * DAY - 1000);
    expect((await t.app.request("/api/me", { headers: bearer(member.token) })).status).toBe(200);
    clock.advance(2000);
    expect((await t.app.request("/api/me", { headers: bearer(member.token) })).status).toBe(401);
  });

  it("logout revokes exactly the presented session and clears the cookie", async () => {
    const member = await createMember(t);
    const second = sessionSchema.parse(
      await (
        await t.app.request(
          "/api/auth/login",
          post({ email: member.email, password: member.password }, fromNewAddress()),
        )
      ).json(),
    );
    const res = await t.app.request("/api/auth/logout", { method: "POST", headers: bearer(member.token) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.getSetCookie().join()).toMatch(/__Host-session=;.*Max-Age=0/i);
    expect((await t.app.request("/api/me", { headers: bearer(member.token) })).status).toBe(401);
    expect((await t.app.request("/api/me", { headers: bearer(second.token) })).status).toBe(200);
    // Signing out twice, or anonymously, is harmless.
    expect((await t.app.request("/api/auth/logout", { method: "POST" })).status).toBe(200);
  });
});

describe("cookie requests that change state", () => {
  const patchName = (headers: Record<string, string>) =>
    t.app.request("/api/me", jsonRequest("PATCH", { fullName: "Via cookie" }, headers));

  it("pass from our own origin (the request's host or PUBLIC_URL's)", async () => {
    const { token } = await createMember(t);
    const cookie = `__Host-session=${token}`;
    expect((await patchName({ cookie, origin: "http://localhost" })).status).toBe(200);
    expect((await patchName({ cookie, origin: "https://shop.example.com" })).status).toBe(200);
    expect((await patchName({ cookie, referer: "https://shop.example.com/settings/profile" })).status).toBe(
      200,
    );
  });

  it("are refused from another site or with no origin at all", async () => {
    const { token } = await createMember(t);
    const cookie = `__Host-session=${token}`;
    for (const headers of <Record<string, string>[]>[
      { cookie, origin: "https://evil.example" },
      { cookie, origin: "null" },
      { cookie, origin: "https://shop.example.com.evil.example" },
      { cookie },
    ]) {
      const res = await patchName(headers);
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual({ code: "forbidden", message: "Cross-site request refused" });
    }
    // Logging out through a forged form is refused as well.
    const logout = await t.app.request("/api/auth/logout", {
      method: "POST",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(logout.status).toBe(403);
    expect((await t.app.request("/api/me", { headers: bearer(token) })).status).toBe(200);
  });

  it("reads are not checked, and Bearer requests need no origin", async () => {
    const { token } = await createMember(t);
    expect(
      (
        await t.app.request("/api/me", {
          headers: { cookie: `__Host-session=${token}`, origin: "https://evil.example" },
        })
      ).status,
    ).toBe(200);
    expect((await patchName({ ...bearer(token), origin: "https://evil.example" })).status).toBe(200);
  });
});
