import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meSchema } from "#api/contracts/me";
import {
  bearer,
  createMember,
  errorOf,
  post,
  signInitData,
  TEST_BOT_TOKEN,
  uniqueEmail,
} from "../helpers/accounts";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { BOT_TOKEN: TEST_BOT_TOKEN, TRUST_PROXY: "true", PASSWORD_QUEUE: "200" } });
});
afterAll(() => t.close());

let addressCounter = 0;
const login = (email: string, password: string) =>
  t.app.request(
    "/api/auth/login",
    post({ email, password }, { "x-forwarded-for": `198.18.0.${++addressCounter}` }),
  );
const change = (token: string, body: Record<string, unknown>) =>
  t.app.request("/api/me/password", post(body, bearer(token)));

async function telegramAccount(id: number) {
  const res = await t.app.request(
    "/api/auth/telegram",
    post({ initData: signInitData({ id, first_name: "Tg" }, new Date()) }),
  );
  return (await res.json()) as { token: string; user: { id: string } };
}

describe("POST /api/me/password with a password already set", () => {
  it("checks the current password, then changes it and ends the other sessions", async () => {
    const member = await createMember(t);
    const other = (await (await login(member.email, member.password)).json()) as { token: string };

    const res = await change(member.token, {
      currentPassword: member.password,
      newPassword: "simple",
      confirmPassword: "simple",
    });
    expect(res.status).toBe(200);
    expect(meSchema.parse(await res.json()).hasPassword).toBe(true);
    expect((await login(member.email, "simple")).status).toBe(200);
    expect((await login(member.email, member.password)).status).toBe(401);
    // This session stays, the other one ends.
    expect((await t.app.request("/api/me", { headers: bearer(member.token) })).status).toBe(200);
    expect((await t.app.request("/api/me", { headers: bearer(other.token) })).status).toBe(401);
  });

  it.each([[{ currentPassword: "Wrong-pass-1" }], [{ currentPassword: "" }], [{}]])(
    "422 'Current password is incorrect' for %o",
    async (current) => {
      const member = await createMember(t);
      const res = await change(member.token, {
        ...current,
        newPassword: "simple",
        confirmPassword: "simple",
      });
      expect(res.status).toBe(422);
      expect(await errorOf(res)).toEqual({
        code: "unprocessable",
        message: "Current password is incorrect",
        reason: "wrong_current_password",
      });
      expect((await login(member.email, member.password)).status).toBe(200);
    },
  );

  it.each([
    [{ newPassword: "five5", confirmPassword: "five5" }, "Password must be at least 6 characters."],
    [{ newPassword: "simple", confirmPassword: "simplE" }, "New passwords do not match."],
  ])("400 %o", async (body, message) => {
    const member = await createMember(t);
    const res = await change(member.token, { currentPassword: member.password, ...body });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: "bad_request", message });
  });

  it("limits guessing the current password", async () => {
    const member = await createMember(t);
    for (let i = 0; i < 5; i++) {
      const res = await change(member.token, {
        currentPassword: `Guess-${i}`,
        newPassword: "simple",
        confirmPassword: "simple",
      });
      expect(res.status).toBe(422);
    }
    const res = await change(member.token, {
      currentPassword: member.password,
      newPassword: "simple",
      confirmPassword: "simple",
    });
    expect(res.status).toBe(429);
  });

  it("60 concurrent current-password guesses: at most 5 reach argon2, and the right one at #40 changes nothing", async () => {
    await racing();
    const member = await createMember(t);
    const hashedBefore = t.services.passwords.queue.started;
    const statuses = (
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          change(member.token, {
            currentPassword: i === 39 ? member.password : `Guess-${i}`,
            newPassword: "simple",
            confirmPassword: "simple",
          }),
        ),
      )
    ).map((res) => res.status);
    expect(t.services.passwords.queue.started - hashedBefore).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 422).length).toBeLessThanOrEqual(5);
    expect(statuses[39]).toBe(429);
    expect(statuses.filter((s) => s !== 422 && s !== 429)).toEqual([]);
    expect((await login(member.email, member.password)).status).toBe(200);
  });
});

describe("POST /api/me/password for a Telegram-only account", () => {
  it("sets a first password with an email, so the web login works", async () => {
    const account = await telegramAccount(8_200_000_001);
    const email = uniqueEmail("tg");
    const res = await change(account.token, { newPassword: "simple", confirmPassword: "simple", email });
    expect(res.status).toBe(200);
    const me = meSchema.parse(await res.json());
    expect(me).toMatchObject({ email, hasPassword: true, telegramId: "8200000001" });
    const web = await login(email, "simple");
    expect(web.status).toBe(200);
    expect(((await web.json()) as { user: { id: string } }).user.id).toBe(account.user.id);

    // From now on the current password is asked for.
    const again = await change(account.token, { newPassword: "simple2", confirmPassword: "simple2" });
    expect(again.status).toBe(422);
  });

  it("422 without an email", async () => {
    const account = await telegramAccount(8_200_000_002);
    const res = await change(account.token, { newPassword: "simple", confirmPassword: "simple" });
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toEqual({
      code: "unprocessable",
      message: "Add an email address to sign in on the web.",
    });
  });

  it("409 when another account proved the email (any case)", async () => {
    const member = await createMember(t, { emailVerified: true });
    const account = await telegramAccount(8_200_000_003);
    const res = await change(account.token, {
      newPassword: "simple",
      confirmPassword: "simple",
      email: member.email.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: "conflict",
      message: "This email is already registered to another account.",
      reason: "email_taken",
    });
    const me = meSchema.parse(
      await (await t.app.request("/api/me", { headers: bearer(account.token) })).json(),
    );
    expect(me).toMatchObject({ email: null, hasPassword: false });
  });
});
