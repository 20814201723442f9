import { signInAsAdmin, signUpViaApi } from "./support/accounts";
import { SEEDED_ORIGIN } from "./support/env";
import { expect, test } from "./support/test";

test("a message posted in one browser appears live in another, its reactions count there, and its deletion removes it", {
  tag: "@live",
}, async ({ browser, page }) => {
  // The member's browser, feed open.
  await signUpViaApi(page);
  // The post below must come after the member's event stream is open (the server has answered it),
  // or the feed could only learn of it on the next change.
  const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await page.goto("/");
  const feed = page.getByTestId("feed");
  await expect(feed.getByTestId("message")).toHaveCount(3);
  expect((await streamOpen).status()).toBe(200);
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/messages")) fetched.push(new URL(request.url()).search);
  });

  // The admin's browser.
  const adminContext = await browser.newContext({ baseURL: SEEDED_ORIGIN });
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  const content = `Live from another browser ${Date.now()}`;
  const posted = await admin.request.post("/api/messages", {
    headers: { Origin: SEEDED_ORIGIN },
    multipart: { content },
  });
  expect(posted.status()).toBe(201);
  const { id } = (await posted.json()) as { id: string };
  try {
    const card = page.locator(`[data-message-id="${id}"]`);
    // This once failed in about one run in three: a stream asked for on a kept-alive connection
    // before Node had finished the answer before it lost every event (tests/api/events.test.ts).
    await expect(card).toContainText(content);
    // Newest first, below the pinned welcome; fetched alone, not as a page.
    await expect(feed.getByTestId("message").nth(1)).toHaveAttribute("data-message-id", id);
    expect(fetched.some((query) => query.startsWith("?ids=") && query.includes(id))).toBe(true);

    const heart = await admin.request.put(`/api/messages/${id}/reactions/heart`, {
      headers: { Origin: SEEDED_ORIGIN },
    });
    expect(heart.status()).toBe(200);
    await expect(card.getByRole("button", { name: "Heart, 1" })).toBeVisible();
  } finally {
    const deleted = await admin.request.delete(`/api/messages/${id}`, { headers: { Origin: SEEDED_ORIGIN } });
    expect(deleted.status()).toBe(200);
    await adminContext.close();
  }
  await expect(page.locator(`[data-message-id="${id}"]`)).toHaveCount(0);
  await expect(feed.getByTestId("message")).toHaveCount(3);
});
