import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sessionSchema } from "#api/contracts/auth";
import { meSchema } from "#api/contracts/me";
import { warnAboutConfiguredAdmins } from "#api/domain/accounts";
import { emailVerificationTokens, profiles, userRoles } from "#db/schema/index";
import {
  bearer,
  createMember,
  DAY,
  errorOf,
  GOOD_PASSWORD,
  post,
  recordingLogger,
  recordingMailer,
  signInitData,
  TEST_BOT_TOKEN,
  TestClock,
  uniqueEmail,
} from "../helpers/accounts";
import { runOutbox } from "../helpers/drain-outbox";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

/**
 * Issue 19, finding 2: an email listed in ADMIN_EMAILS makes an admin only once its owner opened a
 * link mailed to it, on every path that sets an email (sign-up, attaching one to a Telegram account).
 */
const clock = new TestClock();
const mailer = recordingMailer();
let t: TestApp;
let outbox: ReturnType<typeof runOutbox>;
beforeAll(async () => {
  t = await startTestApp({
    now: clock.now,
    mailer,
    env: {
      ADMIN_EMAILS: "boss@example.com, chief@example.com, moved@example.com",
      PUBLIC_URL: "https://shop.example.com",
      BOT_TOKEN: TEST_BOT_TOKEN,
      TRUST_PROXY: "true",
    },
  });
  // The links go through the outbox's mail lane, its sender running as in the app's process.
  outbox = runOutbox(t.services, undefined);
});
afterAll(async () => {
  await outbox.stop();
  await t.close();
});
beforeEach(() => {
  mailer.sent.length = 0;
});

let addressCounter = 0;
const address = () => ({ "x-forwarded-for": `203.0.113.${++addressCounter}` });
const me = async (token: string) =>
  meSchema.parse(await (await t.app.request("/api/me", { headers: bearer(token) })).json());
const settings = (token: string) => t.app.request("/api/admin/settings", { headers: bearer(token) });
const verify = (token: string) => t.app.request("/api/auth/verify-email", post({ token }, address()));
const sendLink = (token: string) => t.app.request("/api/me/email-verification", post({}, bearer(token)));
const login = async (email: string, password: string) => {
  const res = await t.app.request("/api/auth/login", post({ email, password }, address()));
  expect(res.status).toBe(200);
  return sessionSchema.parse(await res.json());
};

/** The token of the last link mailed to `email` (any case). */
async function mailedToken(email: string): Promise<string> {
  const mail = await eventually(async () => {
    const found = mailer.sent.findLast((m) => m.to.toLowerCase() === email.toLowerCase());
    expect(found).toBeDefined();
    return found;
  });
  expect(mail?.subject).toBe("Verify your email");
  const link = /https:\/\/shop\.example\.com\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "");
  if (!link?.[1]) throw new Error(`no link in ${mail?.text}`);
  return link[1];
}

async function telegramMember(id: number) {
  const res = await t.app.request(
    "/api/auth/telegram",
    post({ initData: signInitData({ id, first_name: "Tg" }, clock.now()) }),
  );
  expect(res.status).toBe(200);
  return sessionSchema.parse(await res.json());
}

describe("sign-up with an ADMIN_EMAILS address", () => {
  it("is no admin until the mailed link is opened; then admin, also on later logins", async () => {
    const res = await t.app.request(
      "/api/auth/signup",
      post(
        {
          email: "Chief@Example.com",
          password: GOOD_PASSWORD,
          confirmPassword: GOOD_PASSWORD,
          ageConfirmed: true,
        },
        address(),
      ),
    );
    expect(res.status).toBe(201);
    const session = sessionSchema.parse(await res.json());
    expect(session.user).toMatchObject({ roles: [], emailVerified: false });
    expect((await settings(session.token)).status).toBe(403);
    // Logging in again grants nothing either.
    expect((await login("chief@example.com", GOOD_PASSWORD)).user.roles).toEqual([]);

    const token = await mailedToken("chief@example.com");
    const verified = await verify(token);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ ok: true });
    // The session from before the proof carries the role now (roles are read per request).
    expect(await me(session.token)).toMatchObject({ emailVerified: true, roles: ["admin"] });
    expect((await settings(session.token)).status).toBe(200);

    // A role taken away comes back at the next login, the email being proven.
    await t.services.database.db.delete(userRoles).where(eq(userRoles.userId, session.user.id));
    expect((await login("chief@example.com", GOOD_PASSWORD)).user.roles).toEqual(["admin"]);
  });
});

describe("a Telegram member attaching an ADMIN_EMAILS address (the issue's attack)", () => {
  it("is no admin after POST /api/me/password with Boss@Example.com, nor after logging in with it", async () => {
    const member = await telegramMember(9_190_001);
    const attached = await t.app.request(
      "/api/me/password",
      post(
        { newPassword: "Attack-Pass-1", confirmPassword: "Attack-Pass-1", email: "Boss@Example.com" },
        bearer(member.token),
      ),
    );
    expect(attached.status).toBe(200);
    expect(meSchema.parse(await attached.json())).toMatchObject({
      email: "Boss@Example.com",
      emailVerified: false,
      roles: [],
    });
    const web = await login("Boss@Example.com", "Attack-Pass-1");
    expect(web.user.roles).toEqual([]);
    expect((await settings(web.token)).status).toBe(403);
    expect((await settings(member.token)).status).toBe(403);

    // The link went to the address itself; whoever can open it owns the address, and only then.
    const token = await mailedToken("boss@example.com");
    expect((await verify(token)).status).toBe(200);
    expect((await settings(member.token)).status).toBe(200);
  });
});

describe("POST /api/me/email-verification", () => {
  it("mails a new link; 409 once verified", async () => {
    const member = await createMember(t);
    await mailedToken(member.email);
    mailer.sent.length = 0;
    expect((await sendLink(member.token)).status).toBe(200);
    const token = await mailedToken(member.email);
    expect((await verify(token)).status).toBe(200);
    const again = await sendLink(member.token);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({
      code: "conflict",
      message: "Your email is already verified.",
      reason: "email_already_verified",
    });
  });

  it("422 for an account without an email", async () => {
    const member = await telegramMember(9_190_002);
    const res = await sendLink(member.token);
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toEqual({ code: "unprocessable", message: "Add an email address first." });
  });

  it("counts requests per account (429 past five in 15 minutes)", async () => {
    const member = await createMember(t);
    for (let i = 0; i < 5; i++) expect((await sendLink(member.token)).status).toBe(200);
    const res = await sendLink(member.token);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
  });
});

describe("POST /api/auth/verify-email", () => {
  const invalid = {
    code: "bad_request",
    message:
      "This verification link is invalid, has expired or was already used. Send a new one from Password and Security.",
  };

  it("spends a token once: of two at the same time exactly one succeeds", async () => {
    const member = await createMember(t);
    const token = await mailedToken(member.email);
    const answers = await Promise.all([verify(token), verify(token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = answers.find((r) => r.status === 400);
    if (refused) expect(await errorOf(refused)).toEqual(invalid);
    expect((await verify(token)).status).toBe(400);
    expect((await me(member.token)).emailVerified).toBe(true);
  });

  it("refuses an expired token (a day) and a wrong one", async () => {
    const member = await createMember(t);
    const token = await mailedToken(member.email);
    const wrong = await verify("x".repeat(43));
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toEqual(invalid);
    clock.advance(DAY + 1000);
    const expired = await verify(token);
    expect(expired.status).toBe(400);
    expect(await errorOf(expired)).toEqual(invalid);
    expect((await me(member.token)).emailVerified).toBe(false);
  });

  it("stores only the token's hash, for the address it was mailed to", async () => {
    const member = await createMember(t);
    const token = await mailedToken(member.email);
    const rows = await t.services.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, member.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(rows[0]?.email).toBe(member.email);
  });
});

describe("changing an email", () => {
  it("clears its proof, and a link for the earlier address proves nothing", async () => {
    const member = await createMember(t);
    const oldToken = await mailedToken(member.email);
    const freshToken = await (async () => {
      mailer.sent.length = 0;
      await sendLink(member.token);
      return mailedToken(member.email);
    })();
    expect((await verify(freshToken)).status).toBe(200);
    expect((await me(member.token)).emailVerified).toBe(true);

    // Whatever path changes the address (none in the app today but this one, by hand), the proof goes.
    const db = t.services.database.db;
    await db
      .update(profiles)
      .set({ email: uniqueEmail("moved") })
      .where(eq(profiles.id, member.userId));
    expect((await me(member.token)).emailVerified).toBe(false);
    expect((await verify(oldToken)).status).toBe(400);
    // A proven address changed to an ADMIN_EMAILS one: the earlier proof does not carry over.
    await db.update(profiles).set({ email: "Moved@Example.com" }).where(eq(profiles.id, member.userId));
    expect((await login("moved@example.com", member.password)).user).toMatchObject({
      emailVerified: false,
      roles: [],
    });
  });
});

describe("without SMTP", () => {
  it("warns at start that ADMIN_EMAILS cannot take effect, and 'Send link' answers 503", async () => {
    const log = recordingLogger();
    const bare = await startTestApp({ log, env: { ADMIN_EMAILS: "boss@example.com", LOG_LEVEL: "info" } });
    try {
      const warning = log.lines.find(
        (line) => line.level === "warn" && line.message.includes("ADMIN_EMAILS"),
      );
      expect(warning?.message).toContain("npm run admin -- grant");
      const member = await createMember(bare, { email: "boss@example.com" });
      expect(member.session.user).toMatchObject({ roles: [], emailVerified: false });
      const res = await bare.app.request("/api/me/email-verification", post({}, bearer(member.token)));
      expect(res.status).toBe(503);
      expect(await errorOf(res)).toEqual({
        code: "unavailable",
        message: "Email verification is not available: this server cannot send mail.",
        reason: "mail_not_configured",
      });
    } finally {
      await bare.close();
    }
  });

  it("names at start the accounts holding admin from an ADMIN_EMAILS address they never proved", async () => {
    const member = await createMember(t, { email: "Chief2@example.com", roles: ["admin"] });
    const log = recordingLogger();
    const config = { ...t.services.config, ADMIN_EMAILS: ["chief2@example.com", "boss@example.com"] };
    await warnAboutConfiguredAdmins({ ...t.services, db: t.services.database.db, config, log });
    const warning = log.lines.find((line) => line.message.includes("without having verified it"));
    expect(warning?.fields).toEqual({ emails: ["Chief2@example.com"] });
    // This app mails, so the other warning stays silent.
    expect(log.lines).toHaveLength(1);
    await t.services.database.db.delete(userRoles).where(eq(userRoles.userId, member.userId));
  });

  it("says nothing when ADMIN_EMAILS is empty", async () => {
    const log = recordingLogger();
    const bare = await startTestApp({ log });
    await bare.close();
    expect(log.lines.filter((line) => line.message.includes("ADMIN_EMAILS"))).toEqual([]);
  });
});
