import type { APIRequestContext, Page } from "@playwright/test";
import { signInAsAdmin, signUpViaApi, telegramAdmin, toast } from "./support/accounts";
import { SEEDED_ORIGIN } from "./support/env";
import { solidPng } from "./support/files";
import { lookAt } from "./support/looks";
import { screenshot } from "./support/screens";
import { installTelegramClient, THEME } from "./support/telegram";
import { expect, test } from "./support/test";

const MB = 1024 * 1024;

/** What the tests post begins with, so each test removes its own posts and the seeded feed stays as other specs expect it. */
const MARK = "Composer test";

async function postedByTests(request: APIRequestContext): Promise<{ id: string }[]> {
  const { messages } = (await (await request.get("/api/messages?limit=50")).json()) as {
    messages: { id: string; content: string | null }[];
  };
  return messages.filter((message) => message.content?.startsWith(MARK));
}

test.afterEach(async ({ page }) => {
  await signInAsAdmin(page);
  for (const { id } of await postedByTests(page.request)) {
    await page.request.delete(`/api/messages/${id}`, { headers: { Origin: SEEDED_ORIGIN } });
  }
});

const composer = (page: Page) => page.getByRole("form", { name: "New message" });

async function openAsAdmin(page: Page) {
  await signInAsAdmin(page);
  await page.goto("/");
  await expect(page.getByTestId("feed").getByTestId("message").first()).toBeVisible();
  await expect(composer(page)).toBeVisible();
  return composer(page);
}

/** A PNG by its bytes, made `size` bytes long (the bytes after its end are ignored by viewers). */
const pngOf = (size: number) => {
  const png = solidPng(64);
  return Buffer.concat([png, Buffer.alloc(Math.max(0, size - png.length))]);
};

test("admins get the composer at the bottom of the feed; members do not", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/");
  await expect(page.getByTestId("feed").getByTestId("message").first()).toBeVisible();
  await expect(composer(page)).toHaveCount(0);

  const form = await openAsAdmin(page);
  const box = await form.boundingBox();
  expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
  for (const name of ["Attach image or video", "Send"]) {
    const button = await form.getByRole("button", { name }).boundingBox();
    expect(Math.round(button?.width ?? 0), name).toBeGreaterThanOrEqual(44);
    expect(Math.round(button?.height ?? 0), name).toBeGreaterThanOrEqual(44);
  }
  // The text area grows from 32 px with its lines (Shift+Enter) and stops at 128 px.
  const text = form.getByRole("textbox", { name: "Message" });
  const height = async () => Math.round((await text.boundingBox())?.height ?? 0);
  expect(await height()).toBe(32);
  await text.click();
  await text.pressSequentially("one");
  for (const line of ["two", "three"]) {
    await text.press("Shift+Enter");
    await text.pressSequentially(line);
  }
  expect(await text.inputValue()).toBe("one\ntwo\nthree");
  expect(await height()).toBeGreaterThan(32);
  for (let n = 0; n < 8; n++) await text.press("Shift+Enter");
  expect(await height()).toBe(128);

  // The last message scrolls clear of the bar.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const last = await page.getByTestId("feed").getByTestId("message").last().boundingBox();
  const bar = await form.boundingBox();
  expect((last?.y ?? 0) + (last?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
  await screenshot(page, "composer");
});

test("Enter posts the text: it appears in the feed, the composer empties", async ({ page }) => {
  const form = await openAsAdmin(page);
  const text = form.getByRole("textbox", { name: "Message" });
  await text.fill(`${MARK}: fresh drop tonight`);
  await text.press("Enter");
  await expect(toast(page, "Success")).toContainText("Message posted successfully");
  await expect(text).toHaveValue("");
  const posted = page.getByTestId("message").filter({ hasText: `${MARK}: fresh drop tonight` });
  await expect(posted).toHaveCount(1);
  await expect(posted.locator(".message-author")).toHaveText("Ada Admin");
});

test("a post Telegram refused says so: in the feed, not in the channel", async ({ page }) => {
  const form = await openAsAdmin(page);
  // The server's answer when the bot has a channel and Telegram refuses the post (tested in the API).
  await page.route("**/api/messages", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...(await answer.json()), channel: "failed" } });
  });
  const text = form.getByRole("textbox", { name: "Message" });
  await text.fill(`${MARK}: refused by Telegram`);
  await text.press("Enter");
  await expect(toast(page, "Success")).toContainText("Message posted successfully");
  await expect(toast(page, "Not posted to the Telegram channel")).toContainText("Telegram refused it");
});

test("the spec's checks, as toasts: empty, not an image or video, too large", async ({ page }) => {
  const form = await openAsAdmin(page);
  await form.getByRole("button", { name: "Send" }).click();
  await expect(toast(page, "Message cannot be empty")).toBeVisible();
  const picker = form.getByTestId("composer-file");
  await picker.setInputFiles({
    name: "report.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.7"),
  });
  await expect(toast(page, "Please select an image or video file")).toBeVisible();
  await picker.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: pngOf(5 * MB + 1) });
  await expect(toast(page, "Image must be less than 5MB")).toBeVisible();
  await expect(form.getByTestId("composer-attachment")).toHaveCount(0);
});

test("an attachment shows a preview and can be removed before sending", async ({ page }) => {
  const form = await openAsAdmin(page);
  await form
    .getByTestId("composer-file")
    .setInputFiles({ name: "drop.png", mimeType: "image/png", buffer: solidPng(64) });
  const attachment = form.getByTestId("composer-attachment");
  await expect(attachment.getByRole("img", { name: "Attachment preview" })).toBeVisible();
  await expect(attachment).toContainText("drop.png");
  await attachment.getByRole("button", { name: "Remove attachment" }).click();
  await expect(attachment).toHaveCount(0);
});

test("an image upload shows its progress and can be cancelled; sent again, it is posted with the image", async ({
  page,
}) => {
  const form = await openAsAdmin(page);
  // A slow uplink (256 KB/s), so the 2 MB upload is seen in progress.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  await form.getByRole("textbox", { name: "Message" }).fill(`${MARK}: new glass`);
  await form
    .getByTestId("composer-file")
    .setInputFiles({ name: "glass.png", mimeType: "image/png", buffer: pngOf(2 * MB) });
  await form.getByRole("button", { name: "Send" }).click();
  const progress = form.getByRole("progressbar", { name: "Upload progress" });
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
  await screenshot(page, "composer-uploading");
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(progress).toHaveCount(0);
  // Nothing was posted, and the draft is still there to send again.
  expect(await postedByTests(page.request)).toEqual([]);
  await expect(form.getByTestId("composer-attachment")).toContainText("glass.png");
  await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue(`${MARK}: new glass`);

  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await form.getByRole("button", { name: "Send" }).click();
  await expect(toast(page, "Success")).toContainText("Message posted successfully");
  await expect(form.getByTestId("composer-attachment")).toHaveCount(0);
  const posted = page.getByTestId("message").filter({ hasText: `${MARK}: new glass` });
  await expect(posted.locator("img.message-image")).toHaveAttribute(
    "src",
    /^\/media\/message-images\/.+\.png$/,
  );
});

test("a file the server refuses by its bytes: Failed to upload image, with the server's reason", async ({
  page,
}) => {
  const form = await openAsAdmin(page);
  await form.getByRole("textbox", { name: "Message" }).fill(`${MARK}: not really a picture`);
  // Says PNG, is not: the browser's check passes, the server's (by magic bytes) does not.
  await form
    .getByTestId("composer-file")
    .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.alloc(8000, "x") });
  await form.getByRole("button", { name: "Send" }).click();
  await expect(toast(page, "Failed to upload image")).toContainText("Please select an image or video file");
  expect(await postedByTests(page.request)).toEqual([]);
});

test.describe("inside Telegram", () => {
  test("an admin's composer sits above the safe area", async ({ page, request }) => {
    const hash = await telegramAdmin(page, request, "Adam", THEME);

    await installTelegramClient(page);
    await page.goto(`/${hash}`);
    const form = composer(page);
    await expect(form).toBeVisible();
    await expect(page.getByTestId("feed").getByTestId("message").first()).toBeVisible();
    // The mocked client reports a 34 px home indicator: the bar's controls end above it.
    const send = await form.getByRole("button", { name: "Send" }).boundingBox();
    expect((send?.y ?? 0) + (send?.height ?? 0)).toBeLessThanOrEqual(844 - 34);
    await form.getByRole("textbox", { name: "Message" }).fill(`${MARK}: from Telegram`);
    await form
      .getByTestId("composer-file")
      .setInputFiles({ name: "tg.png", mimeType: "image/png", buffer: solidPng(64) });
    await expect(form.getByTestId("composer-attachment")).toBeVisible();
    await lookAt(page, "telegram", "composer", { readable: false });
    await form.getByRole("button", { name: "Send" }).click();
    await expect(toast(page, "Success")).toBeVisible();
    await expect(page.getByTestId("message").filter({ hasText: `${MARK}: from Telegram` })).toHaveCount(1);
  });
});
