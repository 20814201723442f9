import type { FeedMessage, FeedPage } from "../../api/contracts/feed";
import { signInAsAdmin, signUpViaApi } from "./support/accounts";
import { gate } from "./support/hold";
import { screenshot } from "./support/screens";
import { installTelegramClient, LIGHT_THEME, launchHash, newTelegramUser } from "./support/telegram";
import { expect, test } from "./support/test";

test("a member's home is the channel's feed: pinned first, then newest, with links and images", async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto("/");
  const feed = page.getByTestId("feed");
  await expect(feed).toBeVisible();
  const messages = feed.getByTestId("message");
  await expect(messages).toHaveCount(3);
  // The demo posts: the pinned welcome, then the restock (2 h ago), then the glassware (26 h ago).
  await expect(messages.nth(0)).toContainText("Welcome to Private Smoke Shop!");
  await expect(messages.nth(0).getByText("Pinned")).toBeAttached();
  // Posts without an author are the channel's.
  await expect(messages.nth(0).locator(".message-author")).toHaveText("Private Smoke Shop");
  await expect(messages.nth(1)).toContainText("Restock");
  await expect(messages.nth(1).locator("img.message-image")).toBeVisible();
  await expect(
    messages.nth(2).getByRole("link", { name: "https://example.com/lab-reports" }),
  ).toHaveAttribute("rel", "noopener noreferrer nofollow");
  // h:mm a • MM/dd/yyyy
  await expect(messages.nth(1).locator("time")).toHaveText(/^\d{1,2}:\d{2} (AM|PM) • \d{2}\/\d{2}\/\d{4}$/);
  await screenshot(page, "feed");
});

test("the feed inside a light Telegram, after the age gate", async ({ page }) => {
  await installTelegramClient(page, LIGHT_THEME);
  await page.goto(`/${launchHash(undefined, { user: newTelegramUser("Fern"), theme: LIGHT_THEME })}`);
  const gate = page.getByTestId("age-gate");
  await gate.getByLabel("I confirm I am 21 years or older").check();
  await gate.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("feed").getByTestId("message")).toHaveCount(3);
  await screenshot(page, "telegram-feed");
});

test("a feed that fails to load offers Retry", async ({ page }) => {
  await signUpViaApi(page);
  let fail = true;
  // The first answer is held until the loading skeletons have been seen.
  const { passed: held, open: release } = gate();
  await page.route("**/api/messages*", async (route) => {
    await held;
    return fail
      ? route.fulfill({ status: 500, json: { error: { code: "internal", message: "down" } } })
      : route.continue();
  });
  await page.goto("/");
  await expect(page.getByTestId("feed-loading")).toBeVisible();
  await screenshot(page, "feed-loading");
  release();
  await expect(page.getByText("Failed to load messages")).toBeVisible();
  fail = false;
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByTestId("feed").getByTestId("message")).toHaveCount(3);
});

test("older messages that fail to load say so at the end of the feed, and Retry loads them", async ({
  page,
}) => {
  await signUpViaApi(page);
  // The seeded feed is one page: its first page is answered as if older messages followed.
  let olderFail = true;
  await page.route("**/api/messages*", async (route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.has("cursor")) {
      if (olderFail) {
        return route.fulfill({ status: 500, json: { error: { code: "internal", message: "down" } } });
      }
      const empty: FeedPage = {
        messages: [],
        nextCursor: null,
        telegramLinkPrefix: null,
        canTranslate: false,
      };
      return route.fulfill({ json: empty });
    }
    if (url.searchParams.has("ids")) return route.continue();
    const response = await route.fetch();
    const first = (await response.json()) as FeedPage;
    return route.fulfill({ response, json: { ...first, nextCursor: "older" } satisfies FeedPage });
  });
  await page.goto("/");
  const feed = page.getByTestId("feed");
  await expect(feed.getByTestId("message")).toHaveCount(3);
  const failed = feed.getByRole("alert").filter({ hasText: "Failed to load older messages" });
  await failed.scrollIntoViewIfNeeded();
  await expect(failed).toBeVisible();
  await screenshot(page, "feed-older-failed");
  olderFail = false;
  const older = page.waitForRequest((request) => new URL(request.url()).searchParams.has("cursor"));
  await failed.getByRole("button", { name: "Retry" }).click();
  await older;
  await expect(failed).toHaveCount(0);
  await expect(feed.getByTestId("message")).toHaveCount(3);
});

test.describe("reactions and the actions sheet", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("a member hearts a message, and copies its text from the sheet (no staff actions)", async ({
    page,
  }) => {
    await signUpViaApi(page);
    await page.goto("/");
    const restock = page.getByTestId("message").filter({ hasText: "Restock: Sour" });
    const heart = restock.getByRole("button", { name: /^Heart, \d+$/ });
    const before = Number((await heart.getAttribute("aria-label"))?.split(", ")[1]);
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(heart).toHaveAttribute("aria-label", `Heart, ${before + 1}`);
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await expect(heart).toHaveAttribute("aria-label", `Heart, ${before}`);

    // Right-click (a long press on a phone) opens the sheet.
    await restock.locator(".message-text").click({ button: "right" });
    const sheet = page.getByRole("dialog", { name: "Message" });
    await expect(sheet.getByRole("button", { name: "Copy text" })).toBeVisible();
    await expect(sheet.getByRole("button", { name: "Copy link" })).toBeVisible();
    await expect(sheet.getByRole("button", { name: "Share" })).toBeVisible();
    await expect(sheet.getByRole("button", { name: "Pin" })).toHaveCount(0);
    await expect(sheet.getByRole("button", { name: "Delete" })).toHaveCount(0);
    await screenshot(page, "feed-actions");
    await sheet.getByRole("button", { name: "Copy text" }).click();
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Message copied to clipboard" }),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("Restock: Sour Space Candy");
  });

  test("an admin pins a message from the sheet and it moves to the top; unpinning puts it back", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto("/");
    const messages = page.getByTestId("feed").getByTestId("message");
    await expect(messages).toHaveCount(3);
    const glassware = messages.filter({ hasText: "glassware" });
    await glassware.locator(".message-text").click({ button: "right" });
    const sheet = page.getByRole("dialog", { name: "Message" });
    await sheet.getByRole("button", { name: "Pin" }).click();
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Message pinned successfully" }),
    ).toBeVisible();
    // Pinned messages first, newest first among them (26 h before 72 h).
    await expect(messages.nth(0)).toContainText("glassware");
    await glassware.locator(".message-text").click({ button: "right" });
    await sheet.getByRole("button", { name: "Unpin" }).click();
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Message unpinned successfully" }),
    ).toBeVisible();
    await expect(messages.nth(2)).toContainText("glassware");
  });
});

test("a video plays inline with seeking, and a YouTube link becomes the privacy-enhanced player, lazily", async ({
  page,
}) => {
  await signUpViaApi(page);
  const message = (id: string, content: string, imageUrl: string | null): FeedMessage => ({
    id,
    content,
    link: null,
    imageUrl,
    isPinned: false,
    createdAt: new Date().toISOString(),
    hearts: 0,
    flames: 0,
    trending: false,
    entities: null,
    media: [],
    telegramUrl: null,
    myReactions: [],
    author: { kind: "channel", name: "Private Smoke Shop", avatarUrl: null },
    tiers: [],
    locked: false,
  });
  // A page of the API's shape with such messages (as the composer stores a video: its URL as imageUrl).
  await page.route("**/api/messages*", (route) =>
    route.fulfill({
      json: {
        messages: [
          message(
            "00000000-0000-4000-8000-0000000000a1",
            "New drop, watch it",
            "/media/message-images/drop.mp4",
          ),
          message("00000000-0000-4000-8000-0000000000a2", "Our tour: https://youtu.be/dQw4w9WgXcQ", null),
        ],
        nextCursor: null,
        telegramLinkPrefix: null,
        canTranslate: false,
      } satisfies FeedPage,
    }),
  );
  await page.route("**/media/message-images/drop.mp4", () => {});
  await page.goto("/");
  const video = page.locator("video.message-image");
  await expect(video).toHaveAttribute("src", "/media/message-images/drop.mp4");
  expect(await video.evaluate((v: HTMLVideoElement) => [v.controls, v.playsInline, v.preload])).toEqual([
    true,
    true,
    "metadata",
  ]);
  const player = page.locator("iframe.message-embed");
  await expect(player).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  await expect(player).toHaveAttribute("loading", "lazy");
});

test("a message link opens the feed at that message, highlighted, on the web and in Telegram", async ({
  page,
}) => {
  await signUpViaApi(page);
  const { messages } = (await (await page.request.get("/api/messages")).json()) as {
    messages: { id: string; content: string }[];
  };
  const glassware = messages.find((message) => message.content.includes("glassware"));
  if (!glassware) throw new Error("no demo message");
  await page.goto(`/?message=${glassware.id}`);
  const card = page.locator(`[data-message-id="${glassware.id}"]`);
  await expect(card).toHaveClass(/message-highlighted/);
  await expect(card).toBeInViewport();

  // An unknown message says so.
  await page.goto("/?message=00000000-0000-4000-8000-000000000000");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Message not found" })).toBeVisible();
});

test("inside Telegram, startapp=msg_<id> opens that message", async ({ page }) => {
  const member = newTelegramUser("Lin");
  await installTelegramClient(page);
  await page.goto(`/${launchHash(undefined, { user: member })}`);
  const gate = page.getByTestId("age-gate");
  await gate.getByLabel("I confirm I am 21 years or older").check();
  await gate.getByRole("button", { name: "Continue" }).click();
  const cards = page.getByTestId("feed").getByTestId("message");
  await expect(cards).toHaveCount(3);
  const id = await cards.filter({ hasText: "glassware" }).getAttribute("data-message-id");
  // A new launch (a new page), with the link's start parameter.
  await page.goto("about:blank");
  await page.goto(`/${launchHash(`msg_${id}`, { user: member })}`);
  await expect(page.locator(`[data-message-id="${id}"]`)).toHaveClass(/message-highlighted/);
});
