import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { openAdminScreen, signInAsAdmin, signUpViaApi, verifiedTelegramMember } from "./support/accounts";
import { SEEDED_ORIGIN } from "./support/env";
import { solidPng } from "./support/files";
import { LAUNCHES, launchTheme, lookAt } from "./support/looks";
import { placeCreditOrder, telegramMember } from "./support/orders";
import { installTelegramClient, THEME } from "./support/telegram";
import { expect, test } from "./support/test";

// The support inbox (docs/decisions/105-support-inbox.md): a member writes from Settings › Help
// (here opened with "Ask about this order"), with an image; staff answer from Administration › Inbox;
// each side sees the other's message without a reload.

/** The e2e admin's API calls, from a context of its own. */
async function staffApi(browser: Browser) {
  const context = await browser.newContext({ baseURL: SEEDED_ORIGIN });
  const page = await context.newPage();
  await signInAsAdmin(page);
  const headers = { Origin: SEEDED_ORIGIN };
  return {
    async conversationOf(name: string): Promise<string> {
      const res = await page.request.get("/api/admin/conversations?pageSize=100", { headers });
      const { conversations } = (await res.json()) as {
        conversations: { id: string; member: { name: string | null } }[];
      };
      // A Telegram member's name is their first and last name: it starts with the first.
      const found = conversations.find((c) => c.member.name?.startsWith(name));
      if (!found) throw new Error(`no conversation of ${name}`);
      return found.id;
    },
    async reply(id: string, text: string) {
      const res = await page.request.post(`/api/admin/conversations/${id}/messages`, {
        headers,
        multipart: { text },
      });
      expect(res.status(), await res.text()).toBe(201);
    },
    close: () => context.close(),
  };
}

/** Writes as the member whose requests `headers` sign, through the API. */
async function writeAsMember(request: APIRequestContext, headers: Record<string, string>, text: string) {
  const res = await request.post("/api/me/conversation/messages", { headers, multipart: { text } });
  expect(res.status(), await res.text()).toBe(201);
}

async function askAboutOrder(page: Page, number: number) {
  await page
    .getByTestId("order")
    .filter({ hasText: `#${number}` })
    .click();
  const sheet = page.getByRole("dialog", { name: `Order #${number}` });
  await sheet.getByRole("button", { name: "Ask about this order" }).click();
  await expect(page.getByRole("heading", { name: "Help" })).toBeVisible();
  await expect(page.getByTestId("support-order-chip")).toContainText(`About order #${number}`);
}

for (const launch of LAUNCHES) {
  test(`${launch}: a member asks about an order with an image; the shop's reply arrives live`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const name = `Help ${launch} ${Date.now()}`;
    if (launch === "web") {
      await page.goto("/");
      await signUpViaApi(page, { fullName: name });
      const { number } = await placeCreditOrder(page.request, { Origin: SEEDED_ORIGIN });
      await page.goto("/settings/purchases");
      await askAboutOrder(page, number);
    } else {
      const member = await verifiedTelegramMember(request, name, { theme: THEME });
      const { number } = await placeCreditOrder(request, member.auth);
      await installTelegramClient(page, THEME);
      await page.goto(`/${member.hash}`);
      await expect(page.getByTestId("channel-header")).toBeVisible();
      await page.getByRole("button", { name: "Account" }).click();
      await page.getByRole("link", { name: "Purchases" }).click();
      await askAboutOrder(page, number);
    }
    await expect(page.getByText("No messages yet")).toBeVisible();
    await lookAt(page, launch, "help-empty");

    await page.getByTestId("support-file").setInputFiles({
      name: "parcel.png",
      mimeType: "image/png",
      buffer: solidPng(240, [210, 120, 60]),
    });
    await expect(page.getByTestId("support-attachment")).toContainText("parcel.png");
    await page.getByRole("textbox", { name: "Message" }).fill("My parcel arrived damaged. What can I do?");
    await page.getByRole("button", { name: "Send" }).click();
    const messages = page.getByTestId("support-message");
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText("About order #");
    await expect(messages.first().locator("img")).toBeVisible();
    await expect(page.getByTestId("support-order-chip")).toHaveCount(0);

    // The shop answers from its inbox: the member's screen shows it without a reload.
    const staff = await staffApi(browser);
    await staff.reply(
      await staff.conversationOf(name),
      "Sorry about that! We'll send a replacement today. No need to return the damaged one.",
    );
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(1)).toContainText("We'll send a replacement today");
    await lookAt(page, launch, "help");
    await staff.close();
  });

  test(`${launch}: staff see the newest conversation first with its unread count, open it beside the member's plan and orders, and reply`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const name = `Inbox ${launch} ${Date.now()}`;
    // A member with an order writes twice.
    const memberContext = await browser.newContext({ baseURL: SEEDED_ORIGIN });
    const member = await telegramMember(memberContext.request, name);
    await placeCreditOrder(memberContext.request, member);
    await writeAsMember(memberContext.request, member, "Hi! Can I change the delivery address of my order?");
    await writeAsMember(memberContext.request, member, "It should go to 22 Oak Ave, Austin.");

    await openAdminScreen(page, request, {
      theme: launchTheme(launch),
      firstName: `Staff ${launch}`,
      screen: "Inbox",
      path: "/admin/inbox",
    });
    await expect(page.getByRole("heading", { name: "Inbox", exact: true })).toBeVisible();
    const row = page.getByTestId("inbox-conversation").first();
    await expect(row).toContainText(name);
    await expect(row).toContainText("2");
    await lookAt(page, launch, "inbox");

    await row.click();
    const panel = page.getByTestId("inbox-member");
    await expect(panel).toContainText("Premium");
    await expect(panel).toContainText("Recent orders");
    const messages = page.getByTestId("support-message");
    await expect(messages).toHaveCount(2);
    await page.getByRole("textbox", { name: "Message" }).fill("Done: it will go to 22 Oak Ave.");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(messages).toHaveCount(3);

    // The member writes again: it appears in the open conversation without a reload.
    await writeAsMember(memberContext.request, member, "Thank you!");
    await expect(messages).toHaveCount(4);
    await expect(messages.nth(3)).toContainText("Thank you!");
    await lookAt(page, launch, "inbox-conversation");
    await memberContext.close();
  });
}
