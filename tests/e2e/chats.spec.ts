import type { APIRequestContext, Page, Route } from "@playwright/test";
import {
  type AdminChat,
  adminChatSchema,
  adminChatsSchema,
  type MemberChat,
  memberChatsSchema,
  putChatAccessSchema,
} from "../../api/contracts/gate";
import {
  openAdminScreen,
  signUpViaApi,
  telegramAdmin,
  toast,
  verifiedTelegramMember,
} from "./support/accounts";
import { SEEDED_ORIGIN } from "./support/env";
import { LAUNCHES, type Launch, launchTheme, lookAt } from "./support/looks";
import { installTelegramClient, postedEvents, THEME } from "./support/telegram";
import { expect, test } from "./support/test";
import { catalogText } from "./support/texts";
import { untilToastsGo } from "./support/toasts";

// The gate's screens (issue 46, decision 120): Administration › Chats, the member's Chats and the
// join banner on Memberships, on the web and inside Telegram (dark and light), and in Arabic.
//
// What the bot learns from Telegram (the chats it administers, its rights there, who is in, the
// join requests) cannot reach these servers: they run with the bot off, and their gate answers so
// (no chat, the bot not running: the empty states below are theirs). For the screens with chats, the
// gate's answers come from a stand-in, held to the contract (every answer parsed by its schema, every
// body checked by the schema the server checks it with), while everything else is the real server's:
// the accounts, roles, tiers and the member's plan (PLAN_PAYMENTS=free), which decides what the
// stand-in's member may join.

// Each look inside Telegram is two themes, each with axe's contrast check, and sign-ins mail the admin.
test.describe.configure({ timeout: 90_000 });

const MAIN = "-1001000000001";
/** The stand-in's bot, running: nothing is said of it. */
const RUNNING_BOT = { state: "running", mode: "webhook", username: "greenleaf_bot" } as const;
const LOUNGE = "-1001000000002";
const CIRCLE = "-1001000000003";

interface SeededTiers {
  basic: string;
  premium: string;
  vip: string;
}

async function seededTiers(request: APIRequestContext): Promise<SeededTiers> {
  const answer = (await (await request.get(`${SEEDED_ORIGIN}/api/tiers`)).json()) as {
    tiers: { id: string; displayName: string }[];
  };
  const id = (name: string) => {
    const tier = answer.tiers.find((one) => one.displayName === name);
    if (!tier) throw new Error(`no seeded tier ${name}`);
    return tier.id;
  };
  return { basic: id("Basic"), premium: id("Premium"), vip: id("VIP") };
}

const counts = (known: number, withAccess: number, toRemove: number, pendingRequests: number) => ({
  known,
  withAccess,
  toRemove,
  pendingRequests,
});

/** The shop's channel (open, the bot with every right it needs), a gated supergroup missing tags, a group where the bot is no admin. */
function adminChats(tiers: SeededTiers): AdminChat[] {
  return [
    {
      chatId: MAIN,
      kind: "channel",
      title: "Green Leaf Channel",
      username: "greenleaf_channel",
      isMainChannel: true,
      botIsAdmin: true,
      rights: { inviteUsers: true, banUsers: true, manageTags: false },
      missing: [],
      access: { kind: "open" },
      counts: counts(1240, 1240, 0, 0),
    },
    {
      chatId: LOUNGE,
      kind: "supergroup",
      title: "The Premium Members’ Lounge and Reading Room",
      username: null,
      isMainChannel: false,
      botIsAdmin: true,
      rights: { inviteUsers: true, banUsers: true, manageTags: false },
      missing: ["manageTags"],
      access: { kind: "tiers", tierIds: [tiers.premium, tiers.vip] },
      counts: counts(86, 71, 3, 2),
    },
    {
      chatId: CIRCLE,
      kind: "group",
      title: "VIP Circle",
      username: null,
      isMainChannel: false,
      botIsAdmin: false,
      rights: { inviteUsers: false, banUsers: false, manageTags: false },
      missing: ["inviteUsers", "banUsers", "manageTags"],
      access: { kind: "open" },
      counts: counts(0, 0, 0, 0),
    },
  ];
}

const refusal = (route: Route, status: number, code: string, message: string, reason?: string) =>
  route.fulfill({ status, json: { error: { code, message, ...(reason ? { reason } : {}) } } });

/**
 * The admin's side of the stand-in: GET /api/admin/chats, PUT /api/admin/chats/:chatId (its body
 * checked by putChatAccessSchema, as the server does), POST …/announcement. Returns what was
 * announced where.
 */
async function standInForAdmin(page: Page, chats: AdminChat[]): Promise<string[]> {
  const announced: string[] = [];
  await page.route("**/api/admin/chats", (route) =>
    route.fulfill({ json: adminChatsSchema.parse({ chats, botRunning: true, bot: RUNNING_BOT }) }),
  );
  await page.route(/\/api\/admin\/chats\/[^/]+$/, async (route) => {
    const chatId = new URL(route.request().url()).pathname.split("/").at(-1);
    const chat = chats.find((one) => one.chatId === chatId);
    if (!chat) return refusal(route, 404, "not_found", "Chat not found");
    const body = putChatAccessSchema.safeParse(route.request().postDataJSON());
    if (!body.success) return refusal(route, 400, "bad_request", body.error.issues[0]?.message ?? "");
    chat.access = body.data.access;
    return route.fulfill({ json: adminChatSchema.parse(chat) });
  });
  await page.route(/\/api\/admin\/chats\/[^/]+\/announcement$/, async (route) => {
    announced.push(new URL(route.request().url()).pathname.split("/").at(-2) ?? "");
    return route.fulfill({ json: { ok: true } });
  });
  return announced;
}

interface GatedChat {
  chatId: string;
  kind: MemberChat["kind"];
  title: string;
  tierIds: string[];
  /** The member is in it (as the gate saw). */
  joined?: boolean;
  /** The member asked to join it (a join request). */
  asked?: boolean;
}

/**
 * The member's side of the stand-in: GET /api/me/chats and POST /api/me/chats/:chatId/invite, each
 * answered from the member's real plan (the server's GET /api/me/plan, with the page's own
 * credentials): their plan's tier opens a chat; a request to one it opens is approved.
 */
async function standInForMember(page: Page, gated: GatedChat[]): Promise<void> {
  const tierOf = async (route: Route) => {
    const plan = await route.fetch({ url: `${SEEDED_ORIGIN}/api/me/plan`, method: "GET" });
    return ((await plan.json()) as { tier: { id: string } | null }).tier?.id ?? null;
  };
  const memberChats = (tierId: string | null): MemberChat[] =>
    gated.flatMap((chat) => {
      const granted = tierId !== null && chat.tierIds.includes(tierId);
      if (!granted && !chat.asked) return [];
      return [
        {
          chatId: chat.chatId,
          kind: chat.kind,
          title: chat.title,
          granted,
          tierIds: chat.tierIds,
          joined: granted && chat.joined === true,
          request: chat.asked ? (granted ? "approved" : "pending") : null,
        },
      ];
    });
  await page.route("**/api/me/chats", async (route) =>
    route.fulfill({ json: memberChatsSchema.parse({ chats: memberChats(await tierOf(route)) }) }),
  );
  await page.route(/\/api\/me\/chats\/[^/]+\/invite$/, async (route) => {
    const chatId = new URL(route.request().url()).pathname.split("/").at(-2);
    const chat = memberChats(await tierOf(route)).find((one) => one.chatId === chatId);
    if (!chat?.granted) {
      return refusal(route, 403, "forbidden", "Your plan does not open this chat", "chat_not_granted");
    }
    return route.fulfill({ json: { link: `https://t.me/+personal${chatId?.slice(-4)}` } });
  });
}

/** Moves the member to `tierId` through the server (PLAN_PAYMENTS=free: at once). */
async function takePlan(request: APIRequestContext, auth: { Authorization: string }, tierId: string) {
  const changed = await request.put(`${SEEDED_ORIGIN}/api/me/plan`, { data: { tierId }, headers: auth });
  expect(changed.status(), await changed.text()).toBe(200);
}

const chatRow = (page: Page, title: string) => page.getByTestId("admin-chat").filter({ hasText: title });

for (const launch of LAUNCHES) {
  test(`${launch}: Administration › Chats lists the chats, what the bot lacks, and gates one on tiers`, async ({
    page,
    request,
  }) => {
    const tiers = await seededTiers(request);
    const chats = adminChats(tiers);
    const announced = await standInForAdmin(page, chats);
    await openAdminScreen(page, request, {
      theme: launchTheme(launch),
      firstName: "Chad",
      screen: "Chats",
      path: "/admin/chats",
    });
    await expect(page.getByRole("heading", { level: 1, name: "Chats" })).toBeVisible();
    const main = chatRow(page, "Green Leaf Channel");
    await expect(main.getByTestId("chat-main")).toHaveText("Main channel");
    await expect(main).toContainText("Channel · @greenleaf_channel");
    await expect(main.getByText("Everyone", { exact: true })).toBeVisible();
    // A channel has no tags: its rights leave them out, and nothing is missing.
    await expect(main.locator("[data-right]")).toHaveCount(2);
    await expect(main.getByTestId("chat-missing")).toHaveCount(0);

    const lounge = chatRow(page, "Reading Room");
    await expect(lounge.locator('[data-count="known"]')).toHaveText("86");
    await expect(lounge.locator('[data-count="toRemove"]')).toHaveText("3");
    await expect(lounge.getByTestId("chat-missing")).toHaveText(
      "Without “Manage tags” members get no tag with their tier’s name.",
    );
    await expect(lounge.getByRole("checkbox", { name: "Premium" })).toBeChecked();
    await expect(lounge.getByRole("checkbox", { name: "VIP" })).toBeChecked();
    await expect(lounge.getByRole("checkbox", { name: "Basic" })).not.toBeChecked();

    const circle = chatRow(page, "VIP Circle");
    await expect(circle.getByTestId("chat-missing")).toContainText("The bot is not an administrator here");
    await expect(circle.getByTestId("chat-missing")).toContainText(
      "cannot remove people whose plan has ended",
    );
    await lookAt(page, launch, "chats-admin");

    // Gating the circle: at least one tier, as the contract says, before anything is sent.
    const save = circle.getByRole("button", { name: "Save access to VIP Circle" });
    await expect(save).toBeDisabled();
    await circle.getByRole("radio", { name: /Members of these tiers/ }).check();
    await save.click();
    await expect(circle.getByRole("alert")).toHaveText("Choose at least one tier");
    await untilToastsGo(page);
    await circle.getByRole("button", { name: "Save access to VIP Circle" }).scrollIntoViewIfNeeded();
    await lookAt(page, launch, "chats-admin-gating");
    await circle.getByRole("checkbox", { name: "VIP" }).check();
    await expect(circle.getByRole("alert")).toHaveCount(0);
    await save.click();
    await expect(toast(page, "Access to VIP Circle saved")).toBeVisible();
    await expect(circle).toContainText("Members only");
    expect(chats.find((chat) => chat.chatId === CIRCLE)?.access).toEqual({
      kind: "tiers",
      tierIds: [tiers.vip],
    });
    await expect(save).toBeDisabled();
    await untilToastsGo(page);

    // The announcement, after its confirmation.
    await main.getByRole("button", { name: "Announce in Green Leaf Channel" }).click();
    const sheet = page.getByRole("dialog", { name: "Announce in Green Leaf Channel?" });
    await expect(sheet).toContainText("a button to link one’s account");
    await lookAt(page, launch, "chats-admin-announce");
    await sheet.getByRole("button", { name: "Announce", exact: true }).click();
    await expect(toast(page, "The announcement to Green Leaf Channel is on its way")).toBeVisible();
    await expect(sheet).toHaveCount(0);
    expect(announced).toEqual([MAIN]);
  });
}

// The server's own answer: these servers run the bot off, so it knows no chat.
test("web: with no chat and the bot off, Chats says so and how to add the bot", async ({ page, request }) => {
  await openAdminScreen(page, request, {
    theme: null,
    firstName: "Eve",
    screen: "Chats",
    path: "/admin/chats",
  });
  // The first admin screen of the run: its chunk and Administration's words load first.
  await expect(page.getByTestId("bot-not-running")).toHaveText(
    "This process runs no bot (BOT_MODE=off). Until it runs, no chat is learned, and the gate lets nobody in and removes nobody.",
    { timeout: 15_000 },
  );
  const empty = page.getByTestId("chats-empty");
  await expect(empty.getByRole("heading", { name: "No chats yet" })).toBeVisible();
  await expect(empty.getByRole("listitem")).toHaveCount(3);
  await lookAt(page, "web", "chats-admin-empty");
});

test("telegram: a failed load offers Retry, which loads the chats", async ({ page, request }) => {
  const tiers = await seededTiers(request);
  let fail = true;
  await page.route("**/api/admin/chats", (route) =>
    fail
      ? refusal(route, 500, "internal", "Something went wrong. Please try again.")
      : route.fulfill({
          json: adminChatsSchema.parse({ chats: adminChats(tiers), botRunning: true, bot: RUNNING_BOT }),
        }),
  );
  await openAdminScreen(page, request, {
    theme: THEME,
    firstName: "Rita",
    screen: "Chats",
    path: "/admin/chats",
  });
  await expect(page.getByText("Something went wrong. Please try again.")).toBeVisible();
  fail = false;
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByTestId("admin-chat")).toHaveCount(3);
});

test("telegram in Arabic: Administration › Chats reads right to left", async ({ page, request }) => {
  const tiers = await seededTiers(request);
  await standInForAdmin(page, adminChats(tiers));
  const hash = await telegramAdmin(page, request, "Layla", THEME, "ar");
  await installTelegramClient(page, THEME);
  await page.goto(`/${hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await page.goto("/admin/chats");
  const ar = (key: string) => catalogText("ar", key, "admin");
  await expect(page.getByRole("heading", { level: 1, name: ar("admin.chats.title") })).toBeVisible();
  await expect(page.getByTestId("admin-chat")).toHaveCount(3);
  await expect(chatRow(page, "VIP Circle").getByTestId("chat-missing")).toContainText(
    ar("admin.chats.missingBan"),
  );
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await lookAt(page, "telegram", "chats-admin-ar");
});

/** The member's chats on the Premium plan: the channel joined, the lounge to join, the circle asked for. */
const premiumMemberChats = (tiers: SeededTiers): GatedChat[] => [
  {
    chatId: MAIN,
    kind: "channel",
    title: "Green Leaf Channel",
    tierIds: [tiers.basic, tiers.premium, tiers.vip],
    joined: true,
  },
  {
    chatId: LOUNGE,
    kind: "supergroup",
    title: "The Premium Members’ Lounge",
    tierIds: [tiers.premium, tiers.vip],
  },
  { chatId: CIRCLE, kind: "group", title: "VIP Circle", tierIds: [tiers.vip], asked: true },
];

async function expectMemberChats(page: Page, launch: Launch, name: string) {
  const row = (title: string) => page.getByTestId("member-chat").filter({ hasText: title });
  await expect(row("Green Leaf Channel").getByTestId("chat-joined")).toBeVisible();
  await expect(row("Members’ Lounge").getByTestId("chat-join")).toBeVisible();
  await expect(row("VIP Circle").getByTestId("chat-pick-plan")).toBeVisible();
  await lookAt(page, launch, name);
}

test("telegram: the member's Chats, from Settings; Join opens the personal link through Telegram", async ({
  page,
  request,
}) => {
  const tiers = await seededTiers(request);
  await standInForMember(page, premiumMemberChats(tiers));
  const member = await verifiedTelegramMember(request, "Jonah", { theme: THEME });
  await takePlan(request, member.auth, tiers.premium);
  await installTelegramClient(page, THEME);
  await page.goto(`/${member.hash}`);
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("link", { name: "Chats" }).click();
  await expect(page).toHaveURL("/settings/chats");
  await expect(page.getByRole("heading", { level: 1, name: "Chats" })).toBeVisible();
  await expect(page.getByTestId("member-chat").filter({ hasText: "VIP Circle" })).toContainText(
    "Group · Request pending",
  );
  await expectMemberChats(page, "telegram", "chats-member");
  await page.getByRole("button", { name: "Join The Premium Members’ Lounge" }).click();
  await expect
    .poll(async () => (await postedEvents(page)).find((event) => event.type === "web_app_open_tg_link")?.data)
    .toEqual(expect.objectContaining({ path_full: "/+personal0002" }));
  // Pick a plan to join: Memberships, for that chat.
  await page.getByRole("button", { name: "Pick a plan to join VIP Circle" }).click();
  await expect(page).toHaveURL("/settings/memberships");
  await expect(page.getByRole("dialog", { name: "Manage Your Plan" }).getByTestId("join-banner")).toHaveText(
    "Pick a plan to join VIP Circle",
  );
});

test("web: the member's Chats from Memberships; Join opens the link in a new tab", async ({
  page,
  context,
}) => {
  const tiers = await seededTiers(page.request);
  await standInForMember(page, premiumMemberChats(tiers));
  await signUpViaApi(page, { fullName: "Wanda Web" });
  const changed = await page.request.put("/api/me/plan", {
    data: { tierId: tiers.premium },
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await context.route("https://t.me/**", (route) => route.fulfill({ body: "Telegram" }));
  await page.goto("/settings/memberships");
  await page.getByRole("link", { name: "Your chats" }).click();
  await expect(page).toHaveURL("/settings/chats");
  await expectMemberChats(page, "web", "chats-member");
  const opened = context.waitForEvent("page");
  await page.getByRole("button", { name: "Join The Premium Members’ Lounge" }).click();
  expect((await opened).url()).toBe("https://t.me/+personal0002");
});

test("telegram in Arabic: the member's Chats read right to left", async ({ page, request }) => {
  const tiers = await seededTiers(request);
  await standInForMember(page, premiumMemberChats(tiers));
  const member = await verifiedTelegramMember(request, "Rami", { theme: THEME, language: "ar" });
  await takePlan(request, member.auth, tiers.premium);
  await installTelegramClient(page, THEME);
  await page.goto(`/${member.hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await page.goto("/settings/chats");
  await expect(page.getByRole("heading", { level: 1, name: catalogText("ar", "chats.title") })).toBeVisible();
  await expect(page.getByTestId("member-chat")).toHaveCount(3);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await lookAt(page, "telegram", "chats-member-ar");
});

// The server's own answer: no chat is gated on these servers.
test("web: a member whose plan opens no chat is led to the plans", async ({ page }) => {
  await signUpViaApi(page, { fullName: "Nina None" });
  await page.goto("/settings/chats");
  await expect(page.getByText("No chats yet", { exact: true })).toBeVisible();
  await lookAt(page, "web", "chats-member-empty");
  await page.getByRole("button", { name: "See plans" }).click();
  await expect(page).toHaveURL("/settings/memberships");
});

/** The lounge the member asked to join, which Premium and VIP open. */
const askedLounge = (tiers: SeededTiers): GatedChat[] => [
  {
    chatId: LOUNGE,
    kind: "supergroup",
    title: "Members’ Lounge",
    tierIds: [tiers.premium, tiers.vip],
    asked: true,
  },
];

/** The plan picker: Premium, confirmed; the sheets close on the change. */
async function takePremium(page: Page, action: string, confirm: string) {
  const sheet = page.getByRole("dialog").first();
  await sheet.getByRole("combobox").selectOption({ label: "Premium · $50.00/month" });
  await sheet.getByRole("button", { name: action, exact: true }).click();
  await page.getByRole("dialog").last().getByRole("button", { name: confirm, exact: true }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

// Inside Telegram, a join request runs against a server whose bot is on: join-request.spec.ts.
test("web: Memberships opened for a join request shows the banner, then the approval", async ({ page }) => {
  const tiers = await seededTiers(page.request);
  await standInForMember(page, askedLounge(tiers));
  await signUpViaApi(page, { fullName: "Jo Web" });
  await page.goto(`/settings/memberships?join=${LOUNGE}`);
  const sheet = page.getByRole("dialog", { name: "Manage Your Plan" });
  await expect(sheet.getByTestId("join-banner")).toHaveText("Pick a plan to join Members’ Lounge", {
    timeout: 15_000,
  });
  await expect(sheet.getByLabel("Select plan")).toBeVisible();
  await lookAt(page, "web", "chats-join-pick");
  await takePremium(page, "Select Plan", "Confirm");
  await expect(page.getByTestId("join-banner")).toHaveText(
    "Your request to join Members’ Lounge is approved",
  );
  await untilToastsGo(page);
  await lookAt(page, "web", "chats-join-approved");
});

test("telegram in Arabic: the join banner reads right to left", async ({ page, request }) => {
  const tiers = await seededTiers(request);
  await standInForMember(page, askedLounge(tiers));
  const member = await verifiedTelegramMember(request, "Samir", { theme: THEME, language: "ar" });
  await installTelegramClient(page, THEME);
  await page.goto(`/settings/memberships?join=${LOUNGE}${member.hash}`);
  const sheet = page.getByRole("dialog", { name: catalogText("ar", "plans.manageTitle") });
  await expect(sheet.getByTestId("join-banner")).toContainText("Members’ Lounge");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await lookAt(page, "telegram", "chats-join-pick-ar");
});
