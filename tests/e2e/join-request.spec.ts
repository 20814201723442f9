import type { User } from "grammy/types";
import { adminChatsSchema, putChatAccessSchema } from "../../api/contracts/gate";
import { type BotServer, startBotServer } from "./support/bot-server";
import { lookAt } from "./support/looks";
import { installTelegramClient, launchHash, newTelegramUser, THEME } from "./support/telegram";
import { expect, test } from "./support/test";
import { untilToastsGo } from "./support/toasts";

// A join request end to end (issue 46, decision 120): a server whose bot runs against the strict
// fake Bot API; Telegram's side (the request with its query_id, the Mini App it opens, the answer)
// is the fake's. Someone new asks to join a gated supergroup, the bot opens the Mini App for them,
// they sign in with Telegram, pass the age gate, pick a plan (PLAN_PAYMENTS=free), and the bot
// approves the request.

const CHANNEL = -1002000000001;
const LOUNGE = -1002000000002;
const ADMIN: User = { id: 880000001, is_bot: false, first_name: "Ada", username: "ada_owner" };

let server: BotServer;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  server = await startBotServer(
    { id: CHANNEL, title: "Green Leaf Channel" },
    { ADMIN_TELEGRAM_IDS: String(ADMIN.id) },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

/** The owner, signed in with Telegram (ADMIN_TELEGRAM_IDS): a Bearer header for the admin API. */
async function ownerAuth(request: import("@playwright/test").APIRequestContext) {
  const hash = launchHash(undefined, { user: { ...ADMIN, language_code: "en" } });
  const initData = new URLSearchParams(hash.slice(1)).get("tgWebAppData");
  const signedIn = await request.post(`${server.origin}/api/auth/telegram`, { data: { initData } });
  expect(signedIn.status()).toBe(200);
  return { Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
}

test("telegram: a join request opens the Mini App past the age gate; a plan taken, the bot approves it", async ({
  page,
  request,
}) => {
  const { api, origin } = server;
  // The owner makes the bot an administrator of the lounge and gates it to Premium and VIP.
  api.pushMyChatMember(
    { id: LOUNGE, type: "supergroup", title: "Members’ Lounge" },
    { to: "administrator", by: ADMIN },
  );
  const auth = await ownerAuth(request);
  await expect
    .poll(async () => {
      const answer = await request.get(`${origin}/api/admin/chats`, { headers: auth });
      return adminChatsSchema.parse(await answer.json()).chats.map((chat) => chat.chatId);
    })
    .toContain(String(LOUNGE));
  const tiers = (
    (await (await request.get(`${origin}/api/tiers`)).json()) as {
      tiers: { id: string; displayName: string }[];
    }
  ).tiers;
  const tierIds = tiers
    .filter((tier) => ["Premium", "VIP"].includes(tier.displayName))
    .map((tier) => tier.id);
  expect(tierIds).toHaveLength(2);
  const gated = await request.put(`${origin}/api/admin/chats/${LOUNGE}`, {
    headers: auth,
    data: putChatAccessSchema.parse({ access: { kind: "tiers", tierIds } }),
  });
  expect(gated.status(), await gated.text()).toBe(200);

  // Someone new asks to join: the guard bot opens the Mini App for them within Telegram's 10 s.
  const joan = newTelegramUser("Joan");
  api.pushJoinRequest(LOUNGE, { ...joan, is_bot: false }, { query: true });
  await expect.poll(() => api.pendingRequests(LOUNGE).get(joan.id)?.webAppUrl).toBeDefined();
  const opened = new URL(api.pendingRequests(LOUNGE).get(joan.id)?.webAppUrl ?? "");
  expect(opened.origin).toBe(server.publicUrl);
  expect(`${opened.pathname}${opened.search}`).toBe(`/settings/memberships?join=${LOUNGE}`);

  // Telegram opens that page with the person's signed launch data.
  await installTelegramClient(page, THEME);
  await page.goto(`${origin}${opened.pathname}${opened.search}${launchHash(undefined, { user: joan })}`);
  const gate = page.getByTestId("age-gate");
  await gate.getByLabel("I confirm I am 21 years or older").check();
  await gate.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(`${origin}/settings/memberships`);
  const sheet = page.getByRole("dialog", { name: "Manage Your Plan" });
  await expect(sheet.getByTestId("join-banner")).toHaveText("Pick a plan to join Members’ Lounge", {
    timeout: 15_000,
  });
  await lookAt(page, "telegram", "chats-join-pick");
  // Still waiting: nothing is decided before the plan.
  expect(api.pendingRequests(LOUNGE).has(joan.id)).toBe(true);

  await sheet.getByRole("combobox").selectOption({ label: "Premium · $50.00/month" });
  await sheet.getByRole("button", { name: "Select Plan", exact: true }).click();
  await page.getByRole("dialog").last().getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The bot answers the request's query with an approval (through the outbox), and Telegram lets them in.
  await expect.poll(() => api.membersOf(LOUNGE).get(joan.id), { timeout: 20_000 }).toBe("member");
  const answers = api.calls.filter((call) => call.method === "answerChatJoinRequestQuery");
  expect(answers.map((call) => call.payload.result)).toEqual(["approve"]);
  expect(api.pendingRequests(LOUNGE).has(joan.id)).toBe(false);
  const banner = page.getByTestId("join-banner");
  await expect(banner).toHaveText("Your request to join Members’ Lounge is approved");
  await untilToastsGo(page);
  await lookAt(page, "telegram", "chats-join-approved");
});
