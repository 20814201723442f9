import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { matchPath } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  joinChatPath,
  referralCodeOfStartParam,
  type Screen,
  screenPaths,
  startAppUrl,
  startParamRoute,
  startParams,
} from "#api/contracts/app-links";
import { type Order, orderSchema } from "#api/contracts/checkout";
import { myReferralsSchema } from "#api/contracts/referrals";
import { offerSetupLink } from "#api/domain/accounts";
import { queueStockAlerts } from "#api/domain/catalogue/stock-alert-delivery";
import { productCard } from "#api/domain/channel/share";
import type { OutboxPayload } from "#api/domain/messaging";
import { backInStockMail, orderPlacedMail, orderStatusMail } from "#api/domain/messaging";
import type { ClaimedRow } from "#api/domain/messaging/outbox/claim";
import { mailMessage, telegramMessage } from "#api/domain/messaging/outbox/render";
import { cartReminder } from "#api/domain/orders/cart-reminders";
import {
  endingPayload,
  gracePayload,
  grantEndingPayload,
  lapsedPayload,
} from "#api/domain/plans/plan-reminders";
import { deliverSupportReply } from "#api/domain/support/support-delivery";
import { deepLinkOf, menuButton } from "#bot/features/start";
import { channelMessages, outbox, products, profiles, stockAlerts, users } from "#db/schema/index";
import {
  bearer,
  createMember,
  post,
  recordingLogger,
  recordingMailer,
  recordingTelegram,
  TEST_BOT_TOKEN,
  testBotInfo,
} from "../helpers/accounts";
import { queuedFor } from "../helpers/queued-messages";
import { startTestApp, type TestApp } from "../helpers/test-app";

// Every link into the Mini App that the server and the bot build (buttons, mail, shared cards,
// start parameters) must open one of the Mini App's screens, as its router matches them
// (api/contracts/app-links.ts's screenPaths, which routes.tsx is made of): a path that matches no screen opens Not
// Found. Each link is read from the code that builds it, mostly by running it; the last test fails
// when another module of the server or the bot starts building links this file does not read.
// PGlite, and Postgres when DATABASE_URL is set.

const PUBLIC_URL = "https://shop.example.com";
const mailer = recordingMailer();
const telegram = recordingTelegram();
let t: TestApp;
let productId: string;
let postId: string;

beforeAll(async () => {
  t = await startTestApp({
    mailer,
    telegram,
    // A bot set up (run by another process: BOT_MODE=off), so broadcasts may be made.
    env: { PUBLIC_URL, TELEGRAM_APP_SHORT_NAME: "shop", BOT_TOKEN: TEST_BOT_TOKEN },
  });
  const db = t.services.database.db;
  const [product] = await db
    .insert(products)
    .values({ title: "Linked Kush", creditPrice: "20.00", stockQuantity: 5 })
    .returning({ id: products.id });
  const [message] = await db
    .insert(channelMessages)
    .values({ content: "A post to link to" })
    .returning({ id: channelMessages.id });
  if (!product || !message) throw new Error("not inserted");
  productId = product.id;
  postId = message.id;
});
afterAll(() => t.close());

const screens = Object.entries(screenPaths) as [Screen, string][];

/** The path a link opens in the Mini App, or null when the link does not open the Mini App. */
function pathOf(link: string): string | null {
  const url = new URL(link);
  if (url.origin === PUBLIC_URL) return url.pathname;
  // t.me/<bot>/<app>?startapp=<parameter>: the Mini App starts at "/" and goes where the parameter
  // says (main.tsx, startParamRoute); a referral's stays at "/" (the server reads it at sign-in).
  if (url.origin === "https://t.me" && url.pathname === `/${testBotInfo.username}/shop`) {
    const parameter = url.searchParams.get("startapp") ?? "";
    const route = startParamRoute(parameter) ?? (referralCodeOfStartParam(parameter) ? "/" : null);
    return route === null ? null : new URL(route, PUBLIC_URL).pathname;
  }
  return null;
}

/** The screen a link opens, as the router matches its path; null is Not Found (or no Mini App). */
function screenOf(link: string): Screen | null {
  const path = pathOf(link);
  if (path === null) return null;
  return screens.find(([, pattern]) => matchPath({ path: pattern, end: true }, path))?.[0] ?? null;
}

const linksIn = (text: string) => text.match(/https:\/\/[^\s"<>]+/g) ?? [];

let nextTelegramId = 8_100_000n;
async function telegramMember(options: { emailVerified?: boolean } = {}) {
  const member = await createMember(t, options);
  const telegramId = nextTelegramId++;
  await t.services.database.db.update(users).set({ telegramId }).where(eq(users.id, member.userId));
  return { ...member, telegramId };
}

describe("the route table", () => {
  it("tells a screen's path from one that opens Not Found", () => {
    expect(screenOf(`${PUBLIC_URL}/product/${productId}`)).toBe("product");
    expect(screenOf(`${PUBLIC_URL}/products/${productId}`)).toBeNull();
    expect(screenOf(`${PUBLIC_URL}/settings/nowhere`)).toBeNull();
    expect(screenOf(`https://elsewhere.example.com/product/${productId}`)).toBeNull();
    expect(screenOf(`https://t.me/${testBotInfo.username}/shop?startapp=nonsense`)).toBeNull();
    // A promo link (the Mini App's admin screen builds it) opens Memberships.
    expect(screenOf(`https://t.me/${testBotInfo.username}/shop?startapp=promo_SPRING`)).toBe("memberships");
  });
});

describe("every link the bot and the server build opens a screen of the Mini App", () => {
  it("the bot's /start deep links and its menu button", () => {
    const button = (payload: string) => {
      const link = deepLinkOf(payload);
      if (!link) throw new Error(`no deep link for ${payload}`);
      return new URL(link.path, PUBLIC_URL).toString();
    };
    expect(screenOf(button(`product_${productId}`))).toBe("product");
    expect(screenOf(button(`product_${productId.toUpperCase()}`))).toBe("product");
    expect(screenOf(button(`msg_${postId}`))).toBe("home");
    expect(screenOf(menuButton("en", PUBLIC_URL).web_app.url)).toBe("home");
  });

  it("shared products and posts, inside Telegram and on the web", async () => {
    const member = await telegramMember();
    const share = (path: string) =>
      t.app.request(`/api/share/${path}`, { method: "POST", headers: bearer(member.token) });
    expect((await share(`products/${productId}`)).status).toBe(200);
    expect((await share(`posts/${postId}`)).status).toBe(200);
    const [productShared, postShared] = telegram.shared.map((shared) => shared.card.button.url);
    expect(screenOf(productShared ?? "")).toBe("product");
    expect(screenOf(postShared ?? "")).toBe("home");
    // Without the bot's name the card opens the web page.
    const [row] = await t.services.database.db.select().from(products).where(eq(products.id, productId));
    if (!row) throw new Error("no product");
    const web = productCard({ ...t.services, telegram: { ...telegram, botUsername: undefined } }, row, "en");
    expect(web?.button.url).toBe(`${PUBLIC_URL}/product/${productId}`);
    expect(screenOf(web?.button.url ?? "")).toBe("product");
  });

  it("a feed message's link", async () => {
    const member = await createMember(t);
    const res = await t.app.request("/api/messages", { headers: bearer(member.token) });
    expect(res.status).toBe(200);
    const { telegramLinkPrefix } = (await res.json()) as { telegramLinkPrefix: string | null };
    expect(screenOf(`${telegramLinkPrefix}${postId}`)).toBe("home");
  });

  it("the referral links", async () => {
    const member = await createMember(t);
    const res = await t.app.request("/api/me/referrals", { headers: bearer(member.token) });
    expect(res.status).toBe(200);
    const links = myReferralsSchema.parse(await res.json());
    for (const link of [links.link, links.telegramLink, links.webLink])
      expect(screenOf(link ?? "")).toBe("home");
  });

  it("the verification and password reset links, by mail and through the bot", async () => {
    // Its address proven and the bot allowed to write: a reset is mailed and sent through the bot.
    const member = await telegramMember({ emailVerified: true });
    const db = t.services.database.db;
    await db.update(profiles).set({ botWritableAt: new Date() }).where(eq(profiles.id, member.userId));
    const textsOf = async (kind: "email_verification" | "password_reset") =>
      (await queuedFor(db, member.userId, [kind])).map((row) => (row.payload as OutboxPayload).text);
    expect((await textsOf("email_verification")).flatMap(linksIn).map(screenOf)).toEqual(["verifyEmail"]);

    const res = await t.app.request("/api/auth/password-reset", post({ email: member.email }));
    expect(res.status).toBe(200);
    expect((await textsOf("password_reset")).flatMap(linksIn).map(screenOf)).toEqual([
      "resetPassword",
      "resetPassword",
    ]);
  });

  it("order mail and back-in-stock mail", () => {
    const order: Order = orderSchema.parse({
      id: productId,
      number: 7,
      status: "placed",
      total: "20.00",
      lines: [{ productId, title: "Linked Kush", quantity: 1, unitPrice: "20.00", subtotal: "20.00" }],
      delivery: { name: "A", address: "1 Road", state: "CA" },
      createdAt: new Date().toISOString(),
    });
    const mails = [
      orderPlacedMail(t.services, "en", order),
      orderStatusMail(t.services, "en", 7, "fulfilled"),
      orderStatusMail(t.services, "en", 7, "cancelled"),
    ];
    for (const mail of mails) {
      expect(linksIn(mail.text).map(screenOf)).toEqual(["purchases", "notifications"]);
      expect(linksIn(mail.html ?? "").map(screenOf)).toEqual(["purchases", "notifications", "notifications"]);
    }
    const back = backInStockMail(t.services, "en", { id: productId, title: "Linked Kush" });
    expect(linksIn(back.text).map(screenOf)).toEqual(["product"]);
  });

  it("the back-in-stock message through the bot", async () => {
    const member = await telegramMember();
    const db = t.services.database.db;
    // They started the bot: the message goes to their chat (decision 106).
    await db.update(profiles).set({ botWritableAt: new Date() }).where(eq(profiles.id, member.userId));
    await db.insert(stockAlerts).values({ userId: member.userId, productId });
    await queueStockAlerts(t.services, { productIds: [productId] });
    const [queued] = await queuedFor(db, member.userId);
    expect(queued?.channel).toBe("telegram");
    expect(linksIn((queued?.payload as OutboxPayload | undefined)?.text ?? "").map(screenOf)).toEqual([
      "product",
    ]);
  });

  it("the outbox's buttons: broadcasts, support replies, cart and plan reminders, referral rewards", async () => {
    const db = t.services.database.db;
    const admin = await createMember(t, { roles: ["admin"] });
    const member = await telegramMember();
    const broadcast = await t.app.request(
      "/api/admin/broadcasts",
      post({ text: "News", segment: { kind: "all" } }, bearer(admin.token)),
    );
    expect(broadcast.status).toBe(201);
    await deliverSupportReply(t.services, member.userId, crypto.randomUUID(), {
      text: "Hi",
      hasImage: false,
    });
    const reach = { telegramId: 1n, botWritable: true, verifiedEmail: null };
    const plan = { userId: member.userId, telegramId: 1n, tierName: "Gold", renews: false };
    const payloads = [
      ...(
        await db
          .select({ payload: outbox.payload })
          .from(outbox)
          .where(inArray(outbox.kind, ["broadcast", "support_reply"]))
      ).map((row) => row.payload),
      cartReminder({ ...reach, userId: member.userId, touchedAt: new Date(), language: "en", lines: [] })
        .payload,
      endingPayload("en", { ...plan, expiresAt: new Date(), currency: "XTR", amount: 250 }),
      gracePayload("en", {
        ...plan,
        expiresAt: new Date(),
        currency: "XTR",
        amount: 250,
        lapsesAt: new Date(),
      }),
      lapsedPayload("en", {
        ...plan,
        historyId: crypto.randomUUID(),
        tierId: null,
        endedAt: new Date(),
        reason: null,
      }),
      grantEndingPayload("en", { ...plan, kind: "trial", tierId: null, endsAt: new Date() }),
      // The referral reward's button (built inside the reward's transaction).
      { text: "Rewarded", buttons: [{ text: "Invite", open: screenPaths.invite }] },
    ];
    const opened = new Set<Screen | null>();
    for (const payload of payloads) {
      const row = { payload, chatId: 1n } as unknown as ClaimedRow;
      const buttons = telegramMessage(t.services, row, false).buttons;
      const links = [
        ...buttons.flatMap((button) => ("webAppUrl" in button ? [button.webAppUrl] : [])),
        ...linksIn(mailMessage(t.services, row, "a@example.com").text),
      ];
      expect(links.length, JSON.stringify(payload)).toBeGreaterThan(0);
      for (const link of links) {
        expect(screenOf(link), link).not.toBeNull();
        opened.add(screenOf(link));
      }
    }
    expect([...opened].sort()).toEqual(["cart", "help", "home", "invite", "memberships"]);
  });
});

/** Code without its comments, for the scan below. */
const code = (file: string) =>
  readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** How a module builds a link into the Mini App: a page at PUBLIC_URL, a start parameter, a button. */
const BUILDS_A_LINK =
  /publicPageLink\(|telegramStartAppLink\(|\bopen:\s|\bPUBLIC_URL\b|webApp\(|web_app|\?start=/;

/** Every module that does, and where this file reads its links (or why none opens a screen). */
const linkBuilders: Record<string, string> = {
  "api/domain/messaging/app-links.ts": "the two builders the others call",
  "api/domain/messaging/outbox/enqueue.ts": "the button's type only",
  "api/domain/messaging/outbox/render.ts": "the outbox's buttons",
  "api/domain/messaging/broadcasts.ts": "the outbox's buttons",
  "api/domain/orders/cart-reminders.ts": "the outbox's buttons",
  "api/domain/plans/plan-reminders.ts": "the outbox's buttons",
  "api/domain/support/support-delivery.ts": "the outbox's buttons",
  "api/domain/rewards/referrals.ts": "the referral links, and the outbox's buttons",
  "api/domain/channel/feed.ts": "a feed message's link",
  "api/domain/channel/share.ts": "shared products and posts",
  "api/domain/messaging/member-mail.ts": "order mail and back-in-stock mail",
  "api/domain/catalogue/stock-alert-delivery.ts": "the back-in-stock message through the bot",
  "api/domain/accounts/email-verification.ts": "the verification link",
  "api/domain/accounts/password-reset.ts": "the password reset links",
  "bot/features/start.ts": "the bot's /start deep links and its menu button",
  "bot/runtime.ts": "the menu button at PUBLIC_URL itself (the home screen), and the webhook: no screen",
  "bot/outbox-transport.ts": "sends the outbox's buttons as render.ts built them",
  "api/domain/accounts/telegram-link.ts": "t.me/<bot>?start=link_: the bot's chat, not the Mini App",
  "api/http/middleware/auth.ts": "PUBLIC_URL's host for the origin check: no link",
  "api/http/routes/shell-data.ts": "PUBLIC_URL handed to the Mini App: no path",
  "api/process/config.ts": "reads PUBLIC_URL: no link",
  "api/main.ts": "the first admin's setup link, at PUBLIC_URL (offerSetupLink, below)",
  "api/domain/gate/chats.ts": "the announcement's button: startapp=chats (startParamRoute below)",
  "api/domain/gate/joining.ts": "a join request's button: joinChatPath (a screen path below)",
  "api/domain/gate/reconcile.ts": "the outbox's buttons",
  "api/domain/setup-report/shop-lines.ts": "checks PUBLIC_URL (https, public): no link",
  "api/domain/setup-report/telegram-lines.ts": "the webhook's URL under PUBLIC_URL: no screen",
};

describe("the gate's links", () => {
  it("a join request's button opens Memberships; the announcement's the member's chats", () => {
    expect(screenOf(`${PUBLIC_URL}${joinChatPath("-1001234567890")}`)).toBe("memberships");
    expect(screenOf(startAppUrl(testBotInfo.username, "shop", startParams.chats))).toBe("chats");
  });
});

describe("the first admin's setup link (decision 122)", () => {
  it("a start prints it at PUBLIC_URL, and it opens /setup", async () => {
    const log = recordingLogger();
    // In a database of its own: nobody may hold admin for a start to print it.
    const fresh = await startTestApp({ log, env: { PUBLIC_URL } });
    try {
      await offerSetupLink({ ...fresh.services, log }, PUBLIC_URL);
      const link = String(log.lines.find((line) => line.fields?.setupLink)?.fields?.setupLink);
      expect(link.startsWith(`${PUBLIC_URL}/setup?token=`)).toBe(true);
      expect(screenOf(link)).toBe("setupLink");
    } finally {
      await fresh.close();
    }
  });
});

describe("this file", () => {
  it("reads every module of the server and the bot that builds a link", () => {
    const root = join(import.meta.dirname, "../..");
    const building = ["api", "bot"]
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .filter((file) => BUILDS_A_LINK.test(code(file)))
      .map((file) => relative(root, file));
    expect(building.sort()).toEqual(Object.keys(linkBuilders).sort());
  });
});
