import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runAdminCommand } from "#api/cli/admin-commands";
import { sessionSchema } from "#api/contracts/auth";
import { meSchema } from "#api/contracts/me";
import { redeemTelegramLink } from "#api/domain/accounts";
import { isUniqueViolation } from "#api/domain/db-errors";
import { profiles, users } from "#db/schema/index";
import {
  bearer,
  errorOf,
  GOOD_PASSWORD,
  post,
  recordingLogger,
  recordingMailer,
  recordingTelegram,
  signInitData,
  TEST_BOT_TOKEN,
  TestClock,
  uniqueEmail,
} from "../helpers/accounts";
import { outboxIdle, runOutbox, sendsTo } from "../helpers/drain-outbox";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { racing } from "../helpers/race";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

/**
 * Issue 35, item 1: an email nobody has proven claims nothing. It stops no sign-up, leads nobody
 * into someone else's account, and a Telegram member who typed somebody's address never reaches
 * that person's account, nor admin through ADMIN_EMAILS.
 */
const OWNERS = ["owner1@example.com", "owner2@example.com", "owner3@example.com", "owner4@example.com"];
const clock = new TestClock();
const mailer = recordingMailer();
const telegram = recordingTelegram();
let t: TestApp;
// Links go through the outbox, its sender running as in the bot's process.
let fakeBot: FakeBotApi;
let outbox: ReturnType<typeof runOutbox>;
beforeAll(async () => {
  fakeBot = await startFakeBotApi({ id: -1009, title: "Channel" });
  t = await startTestApp({
    now: clock.now,
    mailer,
    telegram,
    env: {
      ADMIN_EMAILS: OWNERS.join(", "),
      PUBLIC_URL: "https://shop.example.com",
      BOT_TOKEN: TEST_BOT_TOKEN,
      TRUST_PROXY: "true",
    },
  });
  outbox = runOutbox(t.services, fakeBot);
});
afterAll(async () => {
  await outbox.stop();
  await t.close();
  await fakeBot.close();
});
beforeEach(() => {
  mailer.sent.length = 0;
});

let addressCounter = 0;
const address = () => ({ "x-forwarded-for": `198.18.35.${++addressCounter}` });
const me = async (token: string) =>
  meSchema.parse(await (await t.app.request("/api/me", { headers: bearer(token) })).json());
const settings = (token: string) => t.app.request("/api/admin/settings", { headers: bearer(token) });
const signUp = (email: string, password: string) =>
  t.app.request(
    "/api/auth/signup",
    post({ email, password, confirmPassword: password, ageConfirmed: true }, address()),
  );
const login = (email: string, password: string) =>
  t.app.request("/api/auth/login", post({ email, password }, address()));
const requestReset = (email: string) => t.app.request("/api/auth/password-reset", post({ email }, address()));
const confirmReset = (token: string, password: string) =>
  t.app.request(
    "/api/auth/password-reset/confirm",
    post({ token, password, confirmPassword: password }, address()),
  );
const verify = (token: string) => t.app.request("/api/auth/verify-email", post({ token }, address()));
const attach = (token: string, email: string, password: string) =>
  t.app.request(
    "/api/me/password",
    post({ newPassword: password, confirmPassword: password, email }, bearer(token)),
  );

/**
 * A Telegram sign-in with a launch of its own (each a second apart, so never a replay), allowing
 * the bot to write to the member.
 */
async function telegramSignIn(id: number) {
  clock.advance(1000);
  const res = await t.app.request(
    "/api/auth/telegram",
    post({ initData: signInitData({ id, first_name: "Tg", allows_write_to_pm: true }, clock.now()) }),
  );
  expect(res.status).toBe(200);
  return sessionSchema.parse(await res.json());
}

const tokenIn = (text: string, path: string) =>
  new RegExp(`https://shop\\.example\\.com${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];

/** The tokens of every link to `path` mailed to `email` so far, oldest first. */
const mailedTokens = (email: string, path: "/verify-email" | "/reset-password") =>
  mailer.sent
    .filter((m) => m.to.toLowerCase() === email.toLowerCase())
    .flatMap((m) => tokenIn(m.text, path) ?? []);

async function mailedToken(email: string, path: "/verify-email" | "/reset-password", count = 1) {
  return eventually(async () => {
    const tokens = mailedTokens(email, path);
    expect(tokens).toHaveLength(count);
    return tokens[count - 1] ?? "";
  });
}

/** Lets what a reset's answer queued go. */
const deliveries = () => outboxIdle(t.services);

async function claimants(email: string) {
  return t.services.database.db
    .select({ id: profiles.id, verifiedAt: profiles.emailVerifiedAt })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = lower(${email})`);
}

describe("the issue's sequence: a Telegram member attaches the owner's address", () => {
  it("stops no sign-up; the owner's reset and proof stay in the owner's account; the attacker's Telegram never reaches it", async () => {
    const [owner = ""] = OWNERS;
    const attacker = await telegramSignIn(9_350_001);
    const attached = await attach(attacker.token, owner, "Attack-Pass-1");
    expect(attached.status).toBe(200);
    expect(meSchema.parse(await attached.json())).toMatchObject({ email: owner, emailVerified: false });
    const attackersLink = await mailedToken(owner, "/verify-email");

    // The owner signs up with the address: the unproven claim stops nothing.
    const signedUp = await signUp(owner, GOOD_PASSWORD);
    expect(signedUp.status).toBe(201);
    const ownerSession = sessionSchema.parse(await signedUp.json());
    expect(ownerSession.user.id).not.toBe(attacker.user.id);
    expect(ownerSession.user).toMatchObject({ telegramId: null, emailVerified: false, roles: [] });
    const ownersLink = await mailedToken(owner, "/verify-email", 2);

    // The owner resets by mail: the link is for the owner's account, and it proves the address.
    expect((await requestReset(owner)).status).toBe(200);
    const resetToken = await mailedToken(owner, "/reset-password");
    expect((await confirmReset(resetToken, "Owner-New-Pass-1")).status).toBe(200);
    const loggedIn = await login(owner, "Owner-New-Pass-1");
    expect(loggedIn.status).toBe(200);
    const session = sessionSchema.parse(await loggedIn.json());
    expect(session.user).toMatchObject({
      id: ownerSession.user.id,
      telegramId: null,
      emailVerified: true,
      roles: ["admin"],
    });

    // The owner's own link still verifies; the one mailed for the attacker's account no longer does.
    expect((await verify(ownersLink)).status).toBe(200);
    expect((await verify(attackersLink)).status).toBe(400);
    expect(await me(session.token)).toMatchObject({ telegramId: null, roles: ["admin"] });
    expect((await settings(session.token)).status).toBe(200);

    // The attacker's Telegram: its own account, without the address and without admin.
    const again = await telegramSignIn(9_350_001);
    expect(again.user.id).toBe(attacker.user.id);
    expect(again.user.id).not.toBe(session.user.id);
    expect(again.user).toMatchObject({ email: null, emailVerified: false, roles: [] });
    expect((await settings(again.token)).status).toBe(403);
    expect((await login(owner, "Attack-Pass-1")).status).toBe(401);
    expect(await claimants(owner)).toEqual([{ id: session.user.id, verifiedAt: expect.any(Date) }]);
  });

  it("a reset asked before the owner signs up mails nothing into the attacker's account", async () => {
    const [, owner = ""] = OWNERS;
    const attacker = await telegramSignIn(9_350_002);
    expect((await attach(attacker.token, owner, "Attack-Pass-1")).status).toBe(200);
    const attackersLink = await mailedToken(owner, "/verify-email");

    expect((await requestReset(owner)).status).toBe(200);
    // Only the Telegram behind the account hears of it, with a link to that account.
    const message = await eventually(async () => {
      expect(sendsTo(fakeBot, 9_350_002n)).toHaveLength(1);
      return sendsTo(fakeBot, 9_350_002n)[0];
    });
    await deliveries();
    expect(mailedTokens(owner, "/reset-password")).toEqual([]);

    // That link resets the attacker's own account: Telegram stays, the address stays unproven.
    const botToken = tokenIn(String(message?.payload.text ?? ""), "/reset-password") ?? "";
    expect((await confirmReset(botToken, "Attack-Pass-2")).status).toBe(200);
    const attackerAgain = await telegramSignIn(9_350_002);
    expect(attackerAgain.user).toMatchObject({
      id: attacker.user.id,
      email: owner,
      emailVerified: false,
      roles: [],
    });

    // The owner signs up and proves the address: it is the owner's alone from then on.
    const signedUp = await signUp(owner, GOOD_PASSWORD);
    expect(signedUp.status).toBe(201);
    const ownerSession = sessionSchema.parse(await signedUp.json());
    expect((await verify(await mailedToken(owner, "/verify-email", 2))).status).toBe(200);
    expect(await me(ownerSession.token)).toMatchObject({ telegramId: null, roles: ["admin"] });
    expect((await verify(attackersLink)).status).toBe(400);
    const last = await telegramSignIn(9_350_002);
    expect(last.user).toMatchObject({ id: attacker.user.id, email: null, roles: [] });
    expect(last.user.id).not.toBe(ownerSession.user.id);
  });
});

describe("a reset that proves an address nobody had proven", () => {
  it("ends every other way in: sessions, the old password, Telegram linked meanwhile, pending link codes", async () => {
    const [, , owner = ""] = OWNERS;
    // Someone else signs up with the owner's address, and keeps a session.
    const squatted = await signUp(owner, "Squat-Pass-1");
    expect(squatted.status).toBe(201);
    const squatter = sessionSchema.parse(await squatted.json());
    const linkCode = async () => {
      const res = await t.app.request("/api/me/telegram-link", post({}, bearer(squatter.token)));
      expect(res.status).toBe(200);
      const { url } = (await res.json()) as { url: string };
      return url.split("start=link_")[1] ?? "";
    };
    const early = await linkCode();
    const late = await linkCode();

    expect((await requestReset(owner)).status).toBe(200);
    const resetToken = await mailedToken(owner, "/reset-password");
    // Telegram linked after the reset was asked for.
    const redeem = (code: string) =>
      redeemTelegramLink(
        { db: t.services.database.db, now: clock.now },
        { code, telegramId: 9_350_003n, username: "squatter" },
      );
    expect((await redeem(early)).result).toBe("linked");

    expect((await confirmReset(resetToken, "Owner-New-Pass-1")).status).toBe(200);
    expect((await t.app.request("/api/me", { headers: bearer(squatter.token) })).status).toBe(401);
    expect((await login(owner, "Squat-Pass-1")).status).toBe(401);
    expect((await redeem(late)).result).toBe("invalid");
    const loggedIn = await login(owner, "Owner-New-Pass-1");
    expect(loggedIn.status).toBe(200);
    const session = sessionSchema.parse(await loggedIn.json());
    expect(session.user).toMatchObject({
      id: squatter.user.id,
      telegramId: null,
      emailVerified: true,
      roles: ["admin"],
    });
    const squattersTelegram = await telegramSignIn(9_350_003);
    expect(squattersTelegram.user.id).not.toBe(session.user.id);
    expect(squattersTelegram.user.roles).toEqual([]);
  });
});

describe("a web sign-up's claim on an address nobody proved (issue 44, item 5)", () => {
  it("stops the next sign-up with 'Account exists'; a Telegram member's unproven address stops none and may still be given", async () => {
    const email = uniqueEmail("claimed");
    const member = await telegramSignIn(9_350_011);
    expect((await attach(member.token, email, "Member-Pass-1")).status).toBe(200);
    expect((await signUp(email, "First-Pass-1")).status).toBe(201);
    const again = await signUp(email.toUpperCase(), "Second-Pass-2");
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({
      code: "conflict",
      message: "This email is already registered. Please log in instead.",
      reason: "account_exists",
    });
    const late = await telegramSignIn(9_350_012);
    expect((await attach(late.token, email, "Late-Pass-3")).status).toBe(200);
    expect(await claimants(email)).toHaveLength(3);
  });

  it("leads the reset mailed to the address to that sign-up, before a newer account without Telegram", async () => {
    const email = uniqueEmail("claim-reset");
    const web = sessionSchema.parse(await (await signUp(email, "First-Pass-1")).json());
    const member = await telegramSignIn(9_350_013);
    expect((await attach(member.token, email, "Member-Pass-2")).status).toBe(200);
    // Its Telegram link ended, as a reset through the operator's log ends it (the last test here).
    await t.services.database.db.update(users).set({ telegramId: null }).where(eq(users.id, member.user.id));

    expect((await requestReset(email)).status).toBe(200);
    expect((await confirmReset(await mailedToken(email, "/reset-password"), "Owner-New-Pass-1")).status).toBe(
      200,
    );
    const loggedIn = await login(email, "Owner-New-Pass-1");
    expect(sessionSchema.parse(await loggedIn.json()).user).toMatchObject({
      id: web.user.id,
      emailVerified: true,
    });
    expect(await claimants(email)).toEqual([{ id: web.user.id, verifiedAt: expect.any(Date) }]);
  });

  it("ends when the account links a Telegram: a squatter's Telegram cannot keep the address's owner out", async () => {
    const email = uniqueEmail("squatted");
    const squatter = sessionSchema.parse(await (await signUp(email, "Squat-Pass-1")).json());
    const res = await t.app.request("/api/me/telegram-link", post({}, bearer(squatter.token)));
    const { url } = (await res.json()) as { url: string };
    const linked = await redeemTelegramLink(
      { db: t.services.database.db, now: clock.now },
      { code: url.split("start=link_")[1] ?? "", telegramId: 9_350_014n, username: "squatter" },
    );
    expect(linked.result).toBe("linked");

    // The address now leads a reset only to the squatter's Telegram: it blocks nobody's sign-up.
    const owner = await signUp(email, GOOD_PASSWORD);
    expect(owner.status).toBe(201);
    // The owner's own sign-up claims it in turn.
    expect((await signUp(email, "Third-Pass-3")).status).toBe(409);
  });

  it("the database refuses a second claim on one address", async () => {
    const email = uniqueEmail("claim-constraint");
    expect((await signUp(email, "First-Pass-1")).status).toBe(201);
    const member = await telegramSignIn(9_350_015);
    expect((await attach(member.token, email.toUpperCase(), "Member-Pass-2")).status).toBe(200);
    const error = await t.services.database.db
      .execute(sql`update profiles set email_claimed_at = now() where id = ${member.user.id}`)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
  });
});

describe("several accounts giving one unproven address", () => {
  it("each logs in with its own password; once one proves the address, the others' claims are gone", async () => {
    const email = uniqueEmail("twice");
    const web = sessionSchema.parse(await (await signUp(email, "First-Pass-1")).json());
    // Telegram members may give it too, while nobody has proven it.
    const member = await telegramSignIn(9_350_004);
    expect((await attach(member.token, email, "Second-Pass-2")).status).toBe(200);
    const other = await telegramSignIn(9_350_008);
    expect((await attach(other.token, email, "Third-Pass-3")).status).toBe(200);
    const idOf = async (res: Response) => sessionSchema.parse(await res.json()).user.id;
    expect(await idOf(await login(email, "First-Pass-1"))).toBe(web.user.id);
    expect(await idOf(await login(email, "Second-Pass-2"))).toBe(member.user.id);
    expect(await idOf(await login(email, "Third-Pass-3"))).toBe(other.user.id);

    expect((await verify(await mailedToken(email, "/verify-email", 3))).status).toBe(200);
    expect((await login(email, "First-Pass-1")).status).toBe(401);
    expect((await login(email, "Second-Pass-2")).status).toBe(401);
    expect(await me(other.token)).toMatchObject({ email, emailVerified: true });

    // Proven, the address is taken.
    const refused = await signUp(email.toUpperCase(), GOOD_PASSWORD);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe("This email is already registered. Please log in instead.");
    const late = await telegramSignIn(9_350_005);
    const taken = await attach(late.token, email, "Fourth-Pass-4");
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).message).toBe("This email is already registered to another account.");
  });

  it("names no account to the admin command until one proves it", async () => {
    const [, , , owner = ""] = OWNERS;
    const member = await telegramSignIn(9_350_006);
    expect((await attach(member.token, owner, "Attack-Pass-1")).status).toBe(200);
    expect((await signUp(owner, GOOD_PASSWORD)).status).toBe(201);
    const err: string[] = [];
    const code = await runAdminCommand(t.services, ["grant", owner, "admin"], {
      out: () => {},
      err: (line) => err.push(line),
    });
    expect(code).toBe(1);
    expect(err).toEqual([
      `2 accounts give ${owner} and none has verified it: its owner verifies it first (the mailed link), or name the account by its Telegram id.`,
    ]);
  });
});

describe("two accounts proving one address at the same moment", () => {
  it.each([1, 2, 3])(
    "by their verification links, four at once (round %i): exactly one keeps it",
    async (round) => {
      await racing();
      const email = uniqueEmail("race");
      // One web sign-up claims the address; three Telegram members give it too.
      expect((await signUp(email, "Racer-Pass-0")).status).toBe(201);
      for (let i = 1; i < 4; i++) {
        const member = await telegramSignIn(9_351_000 + round * 10 + i);
        expect((await attach(member.token, email, `Racer-Pass-${i}`)).status).toBe(200);
      }
      const links = await eventually(async () => {
        const tokens = mailedTokens(email, "/verify-email");
        expect(tokens).toHaveLength(4);
        return tokens;
      });
      const statuses = (await Promise.all(links.map(verify))).map((res) => res.status);
      expect(statuses.sort()).toEqual([200, 400, 400, 400]);
      const left = await claimants(email);
      expect(left).toHaveLength(1);
      expect(left[0]?.verifiedAt).toBeInstanceOf(Date);
    },
  );

  it("by a reset link and a verification link: exactly one keeps it", async () => {
    const email = uniqueEmail("race-reset");
    expect((await signUp(email, "First-Pass-1")).status).toBe(201);
    const member = await telegramSignIn(9_350_009);
    expect((await attach(member.token, email, "Second-Pass-2")).status).toBe(200);
    const [, membersLink = ""] = await eventually(async () => {
      const tokens = mailedTokens(email, "/verify-email");
      expect(tokens).toHaveLength(2);
      return tokens;
    });
    // The reset goes to the web sign-up; the Telegram member's verification link races it.
    expect((await requestReset(email)).status).toBe(200);
    const resetToken = await mailedToken(email, "/reset-password");
    const [reset, verified] = await Promise.all([
      confirmReset(resetToken, "Reset-Pass-3"),
      verify(membersLink),
    ]);
    expect([reset.status, verified.status].filter((s) => s === 200)).toHaveLength(1);
    const left = await claimants(email);
    expect(left).toHaveLength(1);
    expect(left[0]?.verifiedAt).toBeInstanceOf(Date);
    expect(left[0]?.id === member.user.id).toBe(verified.status === 200);
  });

  it("the database refuses a second proven account for one address", async () => {
    const email = uniqueEmail("constraint");
    const first = sessionSchema.parse(await (await signUp(email, "First-Pass-1")).json());
    const second = await telegramSignIn(9_350_010);
    expect((await attach(second.token, email.toUpperCase(), "Second-Pass-2")).status).toBe(200);
    const db = t.services.database.db;
    const prove = (id: string) =>
      db.update(profiles).set({ emailVerifiedAt: clock.now() }).where(eq(profiles.id, id));
    await prove(first.user.id);
    await expect(prove(second.user.id)).rejects.toThrow();
  });
});

describe("a reset link the operator passes on", () => {
  it("proves nothing, and ends the Telegram link of an account whose email was never proven", async () => {
    const log = recordingLogger();
    // The address is unproven and the launch never allowed the bot to write: nothing can carry
    // the link, so it goes to the log.
    const failing = await startTestApp({
      log,
      mailer: recordingMailer(),
      telegram: recordingTelegram(),
      env: {
        ADMIN_EMAILS: "boss@example.com",
        PUBLIC_URL: "https://shop.example.com",
        BOT_TOKEN: TEST_BOT_TOKEN,
      },
    });
    try {
      const signedIn = await failing.app.request(
        "/api/auth/telegram",
        post({ initData: signInitData({ id: 9_350_007, first_name: "Tg" }, new Date()) }),
      );
      const member = sessionSchema.parse(await signedIn.json());
      const attached = await failing.app.request(
        "/api/me/password",
        post(
          { newPassword: "Attack-Pass-1", confirmPassword: "Attack-Pass-1", email: "boss@example.com" },
          bearer(member.token),
        ),
      );
      expect(attached.status).toBe(200);
      expect(
        (await failing.app.request("/api/auth/password-reset", post({ email: "boss@example.com" }))).status,
      ).toBe(200);
      const line = await eventually(async () => {
        const found = log.lines.find((l) => l.message === "password reset link for the operator to pass on");
        expect(found).toBeDefined();
        return found;
      });
      const token = tokenIn(String(line?.fields?.link), "/reset-password") ?? "";
      const done = await failing.app.request(
        "/api/auth/password-reset/confirm",
        post({ token, password: "Operator-Pass-1", confirmPassword: "Operator-Pass-1" }),
      );
      expect(done.status).toBe(200);
      const web = await failing.app.request(
        "/api/auth/login",
        post({ email: "boss@example.com", password: "Operator-Pass-1" }),
      );
      expect(sessionSchema.parse(await web.json()).user).toMatchObject({
        id: member.user.id,
        telegramId: null,
        emailVerified: false,
        roles: [],
      });
    } finally {
      await failing.close();
    }
  });
});
