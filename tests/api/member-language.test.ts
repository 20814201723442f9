import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meSchema } from "#api/contracts/me";
import {
  bearer,
  createMember,
  errorOf,
  jsonRequest,
  post,
  recordingTelegram,
  signInitData,
  TEST_BOT_TOKEN,
  type TelegramTestUser,
  TestClock,
  uniqueAddress,
  uniqueEmail,
} from "../helpers/accounts";
import { memberOnPlan, placeCreditOrder, testProduct } from "../helpers/credit-orders";
import { runOutbox } from "../helpers/drain-outbox";
import { decodeQuotedPrintable, startFakeSmtp } from "../helpers/fake-smtp";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers } from "../helpers/tiers";

// A member's language: noted from a Telegram launch until they choose one, chosen with PATCH
// /api/me, spoken by the error answers (Accept-Language) and by the mail they get (fake SMTP).
// Runs on PGlite, and on Postgres when DATABASE_URL is set.
const clock = new TestClock();
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let t: TestApp;
let premium: string;
let outbox: ReturnType<typeof runOutbox>;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await startTestApp({
    now: clock.now,
    telegram: recordingTelegram(),
    env: {
      BOT_TOKEN: TEST_BOT_TOKEN,
      SMTP_URL: smtp.url,
      PUBLIC_URL: "https://shop.example.com",
      PLAN_PAYMENTS: "free",
    },
  });
  premium = (await insertTestTiers(t.services.database.db)).premium;
  // Mail goes through the outbox's mail lane, its sender running as in the app's process.
  outbox = runOutbox(t.services, undefined);
});
afterAll(async () => {
  await outbox.stop();
  await t.close();
  await smtp.close();
});

let telegramId = 8_700_000_000;
/** A Mini App launch of `user` (with Telegram's language_code); its session token. */
async function launch(user: TelegramTestUser): Promise<string> {
  const res = await t.app.request("/api/auth/telegram", post({ initData: signInitData(user, clock.now()) }));
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}
const me = async (token: string) =>
  meSchema.parse(await (await t.app.request("/api/me", { headers: bearer(token) })).json());
const choose = (token: string, language: unknown, headers: Record<string, string> = {}) =>
  t.app.request("/api/me", jsonRequest("PATCH", { language }, { ...bearer(token), ...headers }));

describe("a member's language", () => {
  it("is noted from a Telegram launch's language_code; one the app does not ship is English", async () => {
    const russian = await launch({ id: ++telegramId, first_name: "Ivan", language_code: "ru" });
    expect((await me(russian)).language).toBe("ru");
    const brazilian = await launch({ id: ++telegramId, first_name: "João", language_code: "pt-br" });
    expect((await me(brazilian)).language).toBe("en");
  });

  it("once chosen with PATCH /api/me, a later launch in another language does not change it", async () => {
    const user = { id: ++telegramId, first_name: "Ana", language_code: "ru" };
    const token = await launch(user);
    const chosen = await choose(token, "es");
    expect(chosen.status).toBe(200);
    expect(meSchema.parse(await chosen.json()).language).toBe("es");
    const again = await launch({ ...user, language_code: "ar" });
    expect((await me(again)).language).toBe("es");
  });

  it("a language the app does not offer is refused with a clear message, in the asker's language", async () => {
    const member = await createMember(t);
    const refused = await choose(member.token, "xx");
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toEqual({
      code: "bad_request",
      message: "This language is not offered. Choose English, Russian, Spanish or Arabic.",
    });
    const inSpanish = await choose(member.token, "xx", { "accept-language": "es" });
    expect((await errorOf(inSpanish)).message).toBe(
      "Este idioma no está disponible. Elige inglés, ruso, español o árabe.",
    );
    expect((await me(member.token)).language).toBe("en");
  });
});

describe("error answers speak Accept-Language; English stays as it was", () => {
  const login = (headers: Record<string, string>) =>
    t.app.request(
      "/api/auth/login",
      post({ email: uniqueEmail("nobody"), password: "Wrong-Pass-1" }, headers),
      { incoming: { socket: { remoteAddress: uniqueAddress() } } },
    );

  it("a refusal in Spanish, and the same one in English without the header", async () => {
    const spanish = await login({ "accept-language": "es-MX,es;q=0.9,en;q=0.5" });
    expect(spanish.status).toBe(401);
    expect(await errorOf(spanish)).toMatchObject({
      code: "unauthorized",
      message: "Correo electrónico o contraseña incorrectos",
    });
    expect(await errorOf(await login({}))).toMatchObject({
      code: "unauthorized",
      message: "Invalid email or password",
    });
  });

  it("a refusal worded with values, an unknown route and a missing session, in Russian", async () => {
    const member = await memberOnPlan(t, premium);
    const item = await testProduct(t, 1, "Scarce");
    const res = await t.app.request(
      "/api/checkout/credits",
      post(
        { lines: [{ productId: item.id, quantity: 3 }], delivery: { name: "A", address: "B", state: "CA" } },
        { ...bearer(member.token), "idempotency-key": `key-${crypto.randomUUID()}`, "accept-language": "ru" },
      ),
    );
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(`Недостаточно товара на складе: ${item.title}`);
    const lost = await t.app.request("/api/nowhere", { headers: { "accept-language": "ru" } });
    expect((await errorOf(lost)).message).toBe("Не найдено");
    const anonymous = await t.app.request("/api/me", { headers: { "accept-language": "ar" } });
    expect((await errorOf(anonymous)).message).toBe("لم تسجّل الدخول");
  });
});

/**
 * A mail as a person reads it: quoted-printable text decoded, base64 parts and encoded-word headers
 * (which non-Latin text takes) decoded too.
 */
const readable = (data: string) =>
  [
    decodeQuotedPrintable(data),
    ...[
      ...data.matchAll(/Content-Transfer-Encoding: base64\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/g),
    ].map((part) => Buffer.from((part[1] ?? "").replace(/\s/g, ""), "base64").toString("utf8")),
    ...[...data.matchAll(/=\?UTF-8\?B\?([^?]+)\?=/gi)].map((word) =>
      Buffer.from(word[1] ?? "", "base64").toString("utf8"),
    ),
  ].join("\n");

describe("mail in the member's stored language", () => {
  const mailsTo = (email: string, content: RegExp) =>
    smtp.received
      .filter((m) => m.to.some((to) => to.includes(email)))
      .map((m) => readable(m.data))
      .filter((text) => content.test(text));

  it("an order receipt in Russian, credits written the Russian way", async () => {
    const member = await memberOnPlan(t, premium);
    expect((await choose(member.token, "ru")).status).toBe(200);
    const item = await testProduct(t, 10, "Mail");
    const order = await placeCreditOrder(t, member.token, item.id, 2);
    const [mail] = await eventually(async () => {
      const mails = mailsTo(member.email, /Заказ №/);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(mail).toContain(`Ваш заказ №${order.number} оформлен: 2 товара, 10,00 кредитов.`);
    expect(mail).toContain("Мои покупки");
  });

  it("a password reset in Arabic", async () => {
    const member = await createMember(t, { emailVerified: true });
    expect((await choose(member.token, "ar")).status).toBe(200);
    const res = await t.app.request("/api/auth/password-reset", post({ email: member.email }), {
      incoming: { socket: { remoteAddress: uniqueAddress() } },
    });
    expect(res.status).toBe(200);
    const [mail] = await eventually(async () => {
      const mails = mailsTo(member.email, /reset-password\?token=/);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(mail).toContain("طلب شخص ما إعادة تعيين كلمة مرور حسابك.");
  });
});
