import type { Page } from "@playwright/test";
import type { FeedMessage, FeedPage } from "../../api/contracts/feed";
import { signUpViaApi } from "./support/accounts";
import { screenshot } from "./support/screens";
import {
  installTelegramClient,
  LIGHT_THEME,
  launchHash,
  newTelegramUser,
  postedEvents,
  THEME,
} from "./support/telegram";
import { expect, test } from "./support/test";

const TELEGRAM_PREFIX = "https://t.me/shop_bot/shop?startapp=msg_";
const TEXT = "Weekend drop: Indica and Hybrid, while stock lasts. Secret: code FRIDAY. Details on the shop";

/**
 * A post relayed from the channel, as the API gives it (the relay itself is tested against a fake Bot
 * API in tests/bot): formatting entities, a three-item album with one video too large to fetch, and
 * the bot's link prefix. The first page is the server's, with this post put first.
 */
async function withRelayedPost(page: Page) {
  await page.route("**/api/messages*", async (route) => {
    if (route.request().method() !== "GET" || new URL(route.request().url()).searchParams.has("ids")) {
      return route.continue();
    }
    const real = (await (await route.fetch()).json()) as FeedPage;
    const image = real.messages.find((message) => message.imageUrl)?.imageUrl ?? null;
    const relayed: FeedMessage = {
      id: "5f0c8a3e-1111-4222-8333-444455556666",
      content: TEXT,
      link: null,
      imageUrl: image,
      isPinned: false,
      createdAt: new Date().toISOString(),
      hearts: 12,
      flames: 4,
      trending: true,
      entities: [
        { type: "bold", offset: 0, length: 12 },
        { type: "italic", offset: 33, length: 17 },
        { type: "spoiler", offset: 65, length: 6 },
        { type: "code", offset: 65, length: 6 },
        { type: "text_link", offset: 88, length: 4, url: "https://example.com/shop" },
      ],
      media: [
        { kind: "image", url: image },
        { kind: "image", url: image },
        { kind: "video", url: null },
      ],
      telegramUrl: "https://t.me/privatesmokeshop/42",
      myReactions: [],
      author: { kind: "channel", name: "Private Smoke Shop", avatarUrl: null },
      tiers: [],
      locked: false,
    };
    await route.fulfill({
      json: { ...real, messages: [relayed, ...real.messages], telegramLinkPrefix: TELEGRAM_PREFIX },
    });
  });
}

const relayedCard = (page: Page) => page.locator('[data-message-id="5f0c8a3e-1111-4222-8333-444455556666"]');

test.describe("a post relayed from the channel", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("shows its formatting as elements, its album, and Watch in Telegram for what could not be fetched", async ({
    page,
  }) => {
    await withRelayedPost(page);
    await signUpViaApi(page);
    await page.goto("/");
    const card = relayedCard(page);
    await expect(card.locator("strong")).toHaveText("Weekend drop");
    await expect(card.locator("em")).toHaveText("while stock lasts");
    await expect(card.getByRole("link", { name: "shop", exact: true })).toHaveAttribute(
      "href",
      "https://example.com/shop",
    );
    // The spoiler hides its words until tapped.
    const spoiler = card.getByRole("button", { name: "Spoiler, tap to show" });
    await expect(spoiler).toHaveCSS("color", "rgba(0, 0, 0, 0)");
    await screenshot(page, "web-relayed-post");
    await spoiler.click();
    await expect(card.locator(".spoiler-shown code")).toHaveText("FRIDAY");
    await expect(card.locator(".message-album img")).toHaveCount(2);
    await expect(card.getByRole("link", { name: "Watch in Telegram" })).toHaveAttribute(
      "href",
      "https://t.me/privatesmokeshop/42",
    );
    // On the web a message's link is the app's own address.
    await card.locator(".message-text").click({ button: "right" });
    await page.getByRole("dialog", { name: "Message" }).getByRole("button", { name: "Copy link" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${new URL(page.url()).origin}/?message=5f0c8a3e-1111-4222-8333-444455556666`,
    );
  });

  for (const [label, theme] of [
    ["light", LIGHT_THEME],
    ["dark", THEME],
  ] as const) {
    test(`inside a ${label} Telegram its link is the Mini App's, and Share opens Telegram's share`, async ({
      page,
    }) => {
      await withRelayedPost(page);
      await installTelegramClient(page, theme);
      await page.goto(`/${launchHash(undefined, { user: newTelegramUser("Rae"), theme })}`);
      const gate = page.getByTestId("age-gate");
      await gate.getByLabel("I confirm I am 21 years or older").check();
      await gate.getByRole("button", { name: "Continue" }).click();
      const card = relayedCard(page);
      await expect(card.locator(".message-album img")).toHaveCount(2);
      await screenshot(page, `telegram-${label}-relayed-post`);
      await card.locator(".message-text").click({ button: "right" });
      const sheet = page.getByRole("dialog", { name: "Message" });
      await sheet.getByRole("button", { name: "Copy link" }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${TELEGRAM_PREFIX}5f0c8a3e-1111-4222-8333-444455556666`,
      );
      await card.locator(".message-text").click({ button: "right" });
      await sheet.getByRole("button", { name: "Share" }).click();
      // The bot is off here: no prepared card (decision 110), so Telegram's share link, after the API said so.
      await expect
        .poll(async () => {
          const share = (await postedEvents(page)).find((event) => event.type === "web_app_open_tg_link");
          return (share?.data as { path_full?: string } | undefined)?.path_full ?? "";
        })
        .toContain(
          `/share/url?url=${encodeURIComponent(`${TELEGRAM_PREFIX}5f0c8a3e-1111-4222-8333-444455556666`)}`,
        );
    });
  }
});
