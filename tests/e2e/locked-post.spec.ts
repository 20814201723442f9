import type { Page } from "@playwright/test";
import { signInAsAdmin, signUpViaApi, toast, verifiedTelegramMember } from "./support/accounts";
import { premiumTierId } from "./support/catalogue";
import { SEEDED_ORIGIN } from "./support/env";
import { lookAt } from "./support/looks";
import { screenshot } from "./support/screens";
import { installTelegramClient, THEME } from "./support/telegram";
import { expect, test } from "./support/test";
import { catalogText } from "./support/texts";

// Posts for some tiers (decision 118): a member without the tier sees the locked card naming the
// plan that opens it, its button opens the plan picker, and choosing that plan opens the post; staff
// see the post with who it is for. Each test posts its own pinned post for Premium as the e2e admin
// (through the API, as the composer does) and deletes it after, so the seeded feed stays as it was.

const TEXT = "Premium members: the Friday drop opens at six. Code FRIDAY-GOLD.";
const origin = { Origin: SEEDED_ORIGIN };

/** A pinned post for the seeded Premium tier; the page's cookies are cleared after. */
async function postForPremium(page: Page): Promise<string> {
  await signInAsAdmin(page);
  const tierId = await premiumTierId(page.request);
  const res = await page.request.post("/api/messages", {
    multipart: { content: TEXT, tierIds: tierId },
    headers: origin,
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const pinned = await page.request.patch(`/api/messages/${id}`, {
    data: { isPinned: true },
    headers: origin,
  });
  expect(pinned.status()).toBe(200);
  await page.context().clearCookies();
  return id;
}

async function removePost(page: Page, id: string): Promise<void> {
  await page.context().clearCookies();
  await signInAsAdmin(page);
  await page.request.delete(`/api/messages/${id}`, { headers: origin });
}

const card = (page: Page, id: string) => page.locator(`[data-message-id="${id}"]`);

test.describe("a post for Premium", () => {
  test("inside Telegram, dark and light: the locked card; See plans, then Premium, opens the post", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const id = await postForPremium(page);
    try {
      const member = await verifiedTelegramMember(request, "Lockie", { theme: THEME });
      await installTelegramClient(page, THEME);
      await page.goto(`/${member.hash}`);
      const locked = card(page, id).getByTestId("message-locked");
      await expect(locked.getByText("For Premium members", { exact: true })).toBeVisible();
      await expect(locked.getByText("Choose the Premium plan to read this post.")).toBeVisible();
      await expect(card(page, id)).not.toContainText("FRIDAY-GOLD");
      await lookAt(page, "telegram", "locked-post");

      await locked.getByRole("button", { name: "See plans" }).click();
      const dialog = page.getByRole("dialog", { name: "Manage Your Plan" });
      await dialog.getByLabel("Select plan").selectOption({ label: "Premium · $50.00/month" });
      await dialog.getByRole("button", { name: "Select Plan", exact: true }).click();
      await page
        .getByRole("dialog", { name: "Upgrade Plan" })
        .getByRole("button", { name: "Confirm" })
        .click();
      await expect(toast(page, "Your plan has been upgraded to Premium")).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      // The picker closed: the feed read again, and the plan now opens the post.
      await expect(card(page, id)).toContainText("FRIDAY-GOLD");
      await expect(card(page, id).getByTestId("message-locked")).toHaveCount(0);
      await expect(card(page, id).getByText("For Premium", { exact: true })).toBeVisible();
      await screenshot(page, "locked-post-opened-telegram-dark");
    } finally {
      await removePost(page, id);
    }
  });

  test("inside Telegram in Arabic: the locked card reads right to left", async ({ page, request }) => {
    const id = await postForPremium(page);
    try {
      const member = await verifiedTelegramMember(request, "Lina", { theme: THEME, language: "ar" });
      await installTelegramClient(page, THEME);
      await page.goto(`/${member.hash}`);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      const locked = card(page, id).getByTestId("message-locked");
      await expect(
        locked.getByRole("button", { name: catalogText("ar", "feed.lockedButton") }),
      ).toBeVisible();
      await expect(locked).toContainText("Premium");
      await lookAt(page, "telegram", "locked-post-ar");
    } finally {
      await removePost(page, id);
    }
  });

  test("on the web: the locked card for a member; the admin sees the post and who it is for", async ({
    page,
  }) => {
    const id = await postForPremium(page);
    try {
      await signUpViaApi(page);
      await page.goto("/");
      const locked = card(page, id).getByTestId("message-locked");
      await expect(locked.getByText("For Premium members", { exact: true })).toBeVisible();
      await lookAt(page, "web", "locked-post");

      await page.context().clearCookies();
      await signInAsAdmin(page);
      await page.goto("/");
      await expect(card(page, id)).toContainText("FRIDAY-GOLD");
      await expect(card(page, id).getByText("For Premium", { exact: true })).toBeVisible();
      await page.getByTestId("composer-audience").click();
      const sheet = page.getByRole("dialog", { name: "Who can read it" });
      await sheet.getByText("Premium", { exact: true }).click();
      await sheet.getByRole("button", { name: "Done" }).click();
      await expect(page.getByTestId("composer-audience")).toHaveText("For Premium only");
      await lookAt(page, "web", "locked-post-admin");
    } finally {
      await removePost(page, id);
    }
  });
});
