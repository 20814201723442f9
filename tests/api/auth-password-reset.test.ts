import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { requestPasswordReset } from "#api/domain/accounts";
import { passwordResetTokens, profiles, users } from "#db/schema/index";
import {
  bearer,
  createMember,
  errorOf,
  HOUR,
  MINUTE,
  post,
  recordingLogger,
  recordingMailer,
  recordingTelegram,
  TestClock,
  uniqueEmail,
} from "../helpers/accounts";
import { runOutbox, sendsTo } from "../helpers/drain-outbox";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

const clock = new TestClock();
// Only reset mail: every sign-up here also mails a verification link.
const mailer = recordingMailer("Reset your password");
const telegram = recordingTelegram();
const log = recordingLogger();
let t: TestApp;
// The links go through the outbox, its sender running as in the bot's process.
let fakeBot: FakeBotApi;
let outbox: ReturnType<typeof runOutbox>;
beforeAll(async () => {
  fakeBot = await startFakeBotApi({ id: -1009, title: "Channel" });
  t = await startTestApp({
    now: clock.now,
    mailer,
    telegram,
    log,
    env: { PUBLIC_URL: "https://shop.example.com/", TRUST_PROXY: "true" },
  });
  outbox = runOutbox(t.services, fakeBot);
});
afterAll(async () => {
  await outbox.stop();
  await t.close();
  await fakeBot.close();
});

let addressCounter = 0;
beforeEach(() => {
  mailer.sent.length = 0;
  log.lines.length = 0;
});
const address = () => ({ "x-forwarded-for": `192.0.2.${++addressCounter}` });
const requestReset = (email: string) => t.app.request("/api/auth/password-reset", post({ email }, address()));
const confirm = (token: string, password = "Brand-New-Pass-1", confirmPassword = password) =>
  t.app.request("/api/auth/password-reset/confirm", post({ token, password, confirmPassword }, address()));
const login = (email: string, password: string) =>
  t.app.request("/api/auth/login", post({ email, password }, address()));

/** The link's token from the mail just sent to `email`. */
async function mailedToken(email: string): Promise<string> {
  const mail = await eventually(async () => {
    const found = mailer.sent.find((m) => m.to === email);
    expect(found).toBeDefined();
    return found;
  });
  const link = /https:\/\/shop\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "");
  if (!link?.[1]) throw new Error(`no link in ${mail?.text}`);
  return link[1];
}

/** The Telegram the account's reset token records (its link was queued for it). */
async function recordedTelegram(userId: string) {
  const [row] = await t.services.database.db
    .select({ telegramId: passwordResetTokens.telegramId })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, userId));
  return row?.telegramId;
}

describe("POST /api/auth/password-reset", () => {
  it("answers the same for an account and for an unknown email", async () => {
    const member = await createMember(t);
    const known = await requestReset(member.email);
    const unknown = await requestReset(uniqueEmail("nobody"));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    await mailedToken(member.email);
    expect(mailer.sent).toHaveLength(1);
  });

  it("mails a PUBLIC_URL link with a 1-hour token stored only as its hash", async () => {
    const member = await createMember(t);
    await requestReset(member.email.toUpperCase());
    const token = await mailedToken(member.email);
    expect(mailer.sent[0]?.subject).toBe("Reset your password");
    const [row] = await t.services.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, member.userId));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toBe(token);
    expect(row?.expiresAt.getTime()).toBe(clock.ms + HOUR);
  });

  it("also sends the link by the bot when the account has a Telegram id the bot may write to", async () => {
    const member = await createMember(t, { emailVerified: true });
    await t.services.database.db
      .update(users)
      .set({ telegramId: 424242n })
      .where(eq(users.id, member.userId));
    await t.services.database.db
      .update(profiles)
      .set({ botWritableAt: new Date() })
      .where(eq(profiles.id, member.userId));
    await requestReset(member.email);
    const message = await eventually(async () => {
      expect(sendsTo(fakeBot, 424242n)).toHaveLength(1);
      return sendsTo(fakeBot, 424242n)[0];
    });
    expect(String(message?.payload.text)).toContain("https://shop.example.com/reset-password?token=");
    await mailedToken(member.email);
    expect(await recordedTelegram(member.userId)).toBe(424242n);
  });

  it("records no Telegram on the token where the bot may not write, and sends it nothing", async () => {
    const member = await createMember(t, { emailVerified: true });
    await t.services.database.db
      .update(users)
      .set({ telegramId: 424243n })
      .where(eq(users.id, member.userId));
    await requestReset(member.email);
    await mailedToken(member.email);
    expect(await recordedTelegram(member.userId)).toBeNull();
    expect(sendsTo(fakeBot, 424243n)).toEqual([]);
  });

  it("does the same work before answering whether or not the email has an account", async () => {
    const member = await createMember(t);
    // The database calls a request makes before its answer; delivery starts only after it.
    const workFor = async (email: string) => {
      const calls: string[] = [];
      const real = t.services.database.db;
      const db = new Proxy(real, {
        get(target, property) {
          calls.push(String(property));
          const value = Reflect.get(target, property);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
      await requestPasswordReset({ ...t.services, db }, { email, address: `${email}-address` });
      return [...calls];
    };
    const known = await workFor(member.email);
    const unknown = await workFor(uniqueEmail("nobody"));
    expect(known).toEqual(unknown);
    // The counted attempt, then the one statement (built, then run) that issues and queues.
    expect(known).toEqual(["insert", "insert", "select", "execute"]);
    await mailedToken(member.email);
  });

  it("builds the link from PUBLIC_URL, whatever the Host header says", async () => {
    const member = await createMember(t);
    await t.app.request(
      "/api/auth/password-reset",
      post({ email: member.email }, { ...address(), host: "evil.example" }),
    );
    await mailedToken(member.email);
    expect(mailer.sent[0]?.text).not.toContain("evil.example");
  });

  it("400 for an invalid email", async () => {
    const res = await requestReset("nope");
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("Invalid email address");
  });
});

describe("POST /api/auth/password-reset/confirm", () => {
  it("sets the password, spends the token and ends every session", async () => {
    const member = await createMember(t);
    await requestReset(member.email);
    const token = await mailedToken(member.email);

    const res = await confirm(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await t.app.request("/api/me", { headers: bearer(member.token) })).status).toBe(401);
    expect((await login(member.email, member.password)).status).toBe(401);
    expect((await login(member.email, "Brand-New-Pass-1")).status).toBe(200);

    const again = await confirm(token, "Another-Pass-2");
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toEqual({
      code: "bad_request",
      message: "This reset link is invalid or has expired.",
    });
  });

  it("expires after an hour", async () => {
    const member = await createMember(t);
    await requestReset(member.email);
    const token = await mailedToken(member.email);
    clock.advance(HOUR + MINUTE);
    const res = await confirm(token);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("This reset link is invalid or has expired.");
    expect((await login(member.email, member.password)).status).toBe(200);
  });

  it("still works just inside the hour, and spends the account's other reset links", async () => {
    const member = await createMember(t);
    await requestReset(member.email);
    await requestReset(member.email);
    await eventually(async () => expect(mailer.sent).toHaveLength(2));
    const [first, second] = mailer.sent.map((m) => /token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1] ?? "");
    clock.advance(HOUR - MINUTE);
    expect((await confirm(second ?? "")).status).toBe(200);
    expect((await confirm(first ?? "")).status).toBe(400);
  });

  it("refuses unknown tokens and holds the new password to the sign-up rules", async () => {
    expect((await confirm("no-such-token-at-all")).status).toBe(400);
    const member = await createMember(t);
    await requestReset(member.email);
    const token = await mailedToken(member.email);
    const weak = await confirm(token, "weakpass");
    expect(weak.status).toBe(400);
    expect((await errorOf(weak)).message).toBe("Password must contain an uppercase letter");
    const mismatch = await confirm(token, "Brand-New-Pass-1", "Brand-New-Pass-2");
    expect((await errorOf(mismatch)).message).toBe("Passwords don't match");
    // Refused attempts did not spend the token.
    expect((await confirm(token)).status).toBe(200);
  });
});

describe("without mail or bot", () => {
  it("writes the link to the log for the operator (the only token in any log)", async () => {
    const operatorLog = recordingLogger();
    const plain = await startTestApp({ log: operatorLog });
    try {
      const member = await createMember(plain);
      const res = await plain.app.request(
        "/api/auth/password-reset",
        post({ email: member.email }, { host: "evil.example" }),
      );
      expect(res.status).toBe(200);
      const line = await eventually(async () => {
        const found = operatorLog.lines.find(
          (l) => l.message === "password reset link for the operator to pass on",
        );
        expect(found).toBeDefined();
        return found;
      });
      // No PUBLIC_URL: the path and a note, never a link built from the request's Host header.
      expect(String(line?.fields?.link)).toMatch(/^\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
      expect(line?.fields?.note).toBe("PUBLIC_URL is not set: open this path on the app's address");
      const token = String(line?.fields?.link).split("token=")[1] ?? "";
      const done = await plain.app.request(
        "/api/auth/password-reset/confirm",
        post({ token, password: "Brand-New-Pass-1", confirmPassword: "Brand-New-Pass-1" }),
      );
      expect(done.status).toBe(200);
      const otherLines = operatorLog.lines.filter((l) => l !== line).map((l) => JSON.stringify(l));
      expect(otherLines.join("\n")).not.toContain(token);
    } finally {
      await plain.close();
    }
  });
});
