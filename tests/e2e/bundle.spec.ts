import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { feedPageSchema } from "../../api/contracts/feed";
import { firstLoadJs as fromManifest } from "../bench/first-load-js";
import { verifiedTelegramMember } from "./support/accounts";
import { installTelegramClient, launchHash, newTelegramUser } from "./support/telegram";
import { expect, test } from "./support/test";

const assets = fileURLToPath(new URL("../../dist/miniapp/assets/", import.meta.url));

test("the production build contains no mocked Telegram environment", () => {
  const files = readdirSync(assets).filter((name) => name.endsWith(".js"));
  expect(files.length).toBeGreaterThan(0);
  for (const name of files) {
    const code = readFileSync(`${assets}${name}`, "utf8");
    expect(code, name).not.toContain("mockTelegramEnv");
    expect(code, name).not.toContain("tg-dev-mock");
    expect(code, name).not.toContain("Environment was mocked");
  }
});

/** Gzipped size of every script and stylesheet the home page loads, as the browser fetched them. */
async function firstLoad(page: import("@playwright/test").Page, url: string): Promise<number> {
  // The live event stream is a fetch that never finishes, so "networkidle" would never come: here
  // it answers at once with an empty stream that asks for no reconnection soon.
  await page.route("**/api/events", (route) =>
    route.fulfill({
      status: 200,
      headers: { "Content-Type": "text/event-stream" },
      body: "retry: 60000\n\n",
    }),
  );
  // Each body is read as its response comes; all are read before they are added up (on a busy
  // machine the last reads finished after "networkidle").
  const scripts = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    if (!["script", "stylesheet"].includes(response.request().resourceType())) return;
    scripts.set(
      response.url(),
      response.body().then((body) => gzipSync(body, { level: 9 }).length),
    );
  });
  await page.goto(url);
  await expect(page.getByTestId("channel-header")).toBeVisible();
  await page.waitForLoadState("networkidle");
  const sizes = await Promise.all(scripts.values());
  return sizes.reduce((sum, size) => sum + size, 0);
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

test("the home page loads at most 110 KB of gzipped JavaScript and CSS on the web", async ({ page }) => {
  const bytes = await firstLoad(page, "/");
  test.info().annotations.push({ type: "first-load JS+CSS, web (gzip)", description: `${kb(bytes)} KB` });
  console.log(`first-load JS+CSS gzipped, web: ${kb(bytes)} KB`);
  expect(bytes).toBeLessThanOrEqual(110 * 1024);
  // The benchmark measures from the build manifest without a browser: both must agree.
  // With the first screen's English words (the start catalog chunk).
  expect(Math.abs((fromManifest().byLanguage.en?.web ?? 0) - bytes)).toBeLessThan(1024);
});

test("the home page loads at most 130 KB of gzipped JavaScript and CSS inside Telegram", async ({ page }) => {
  await installTelegramClient(page);
  // A member new to the shop (the age gate), whatever earlier tests did with the test user: a
  // returning member lands on the feed instead (measured by the next test).
  const bytes = await firstLoad(page, `/${launchHash(undefined, { user: newTelegramUser() })}`);
  test
    .info()
    .annotations.push({ type: "first-load JS+CSS, Telegram (gzip)", description: `${kb(bytes)} KB` });
  console.log(`first-load JS+CSS gzipped, inside Telegram: ${kb(bytes)} KB`);
  expect(bytes).toBeLessThanOrEqual(130 * 1024);
  expect(Math.abs((fromManifest().byLanguage.en?.telegram ?? 0) - bytes)).toBeLessThan(1024);
});

// 127 KB since issue 45 (126.3 KB measured; 131 KB before): the landing loads only for launches
// that sign nobody in, the staff screens' table with the first of them, the cart's rules stay out
// of the first screen, and a message's avatar is drawn without the kit's image and type components.
test("a returning member inside Telegram lands on the feed with at most 127 KB of gzipped JavaScript and CSS", async ({
  page,
  request,
}) => {
  await installTelegramClient(page);
  const { hash } = await verifiedTelegramMember(request, "Ret");
  // The feed as the seed has it: other specs post to this worker's server, and a post for some tiers
  // brings its own chunk and the member catalog (decision 118), which depends on the order tests run.
  await page.route(/\/api\/messages(\?|$)/, async (route) => {
    const answer = feedPageSchema.parse(await (await route.fetch()).json());
    const messages = answer.messages.filter((message) => message.tiers.length === 0);
    await route.fulfill({ json: { ...answer, messages } });
  });
  const bytes = await firstLoad(page, `/${hash}`);
  await expect(page.getByTestId("feed")).toBeVisible();
  console.log(`first-load JS+CSS gzipped, a returning member's feed inside Telegram: ${kb(bytes)} KB`);
  expect(bytes).toBeLessThanOrEqual(127 * 1024);
});

test("the page preloads the first screen's split chunks and ships brotli and gzip copies", () => {
  const html = readFileSync(fileURLToPath(new URL("../../dist/miniapp/index.html", import.meta.url)), "utf8");
  const preloaded = [...html.matchAll(/rel="modulepreload"[^>]*href="\/assets\/([^"]+)"/g)].map((m) => m[1]);
  expect(preloaded.some((file) => file?.startsWith("home-page-"))).toBe(true);
  expect(new Set(preloaded).size).toBe(preloaded.length);
  // The module script and its preloads wait in an inert template for the first screen's paint;
  // the small start script (our own file, as the CSP wants) moves them into the page.
  const template = /<template id="app-scripts">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? "";
  expect(template).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/);
  expect(template.match(/rel="modulepreload"/g)).toHaveLength(preloaded.length);
  expect(html.replace(template, "")).not.toMatch(/type="module"|modulepreload/);
  expect(html).toMatch(/<script defer src="\/assets\/start-[0-9a-f]+\.js"><\/script>/);
  const files = readdirSync(assets);
  for (const name of files.filter((file) => file.endsWith(".js") && file.startsWith("index-"))) {
    expect(files).toContain(`${name}.br`);
    expect(files).toContain(`${name}.gz`);
  }
});

test("the first screen's largest image is on screen before the app's scripts are requested", async ({
  page,
  request,
}) => {
  const { products } = (await (await request.get("/api/products")).json()) as {
    products: { id: string; primaryImageUrl: string | null }[];
  };
  const product = products.find((p) => p.primaryImageUrl);
  expect(product).toBeDefined();
  for (const [url, ready] of [
    ["/", "channel-header"],
    [`/product/${product?.id}`, "product-price"],
  ] as const) {
    await page.goto(url);
    await expect(page.getByTestId(ready)).toBeVisible();
    const { painted, firstScript } = await page.evaluate(async () => {
      const painted = await new Promise<number>((resolve) =>
        new PerformanceObserver((list) => {
          const entry = list
            .getEntries()
            .find((e) => (e as PerformanceEntry & { identifier: string }).identifier === "first-screen");
          if (entry) resolve((entry as PerformanceEntry & { renderTime: number }).renderTime);
        }).observe({ type: "element", buffered: true }),
      );
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/(?!start-).+\.js$/.test(entry.name));
      return { painted, firstScript: Math.min(...scripts.map((entry) => entry.startTime)) };
    });
    expect(painted, url).toBeGreaterThan(0);
    expect(firstScript, url).toBeGreaterThan(painted);
  }
});

test("the bottom sheets' Modal (vaul, Radix) loads when a sheet first opens, not with the page", async ({
  page,
}) => {
  const modalChunks: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/bottom-sheet-modal-[^/]+\.js$/.test(request.url())) modalChunks.push(request.url());
  });
  // The whole first load, as firstLoad() measures it, fetches no part of the Modal.
  await firstLoad(page, "/");
  expect(modalChunks).toEqual([]);
  await page.getByRole("button", { name: "Join" }).click();
  const sheet = page.getByRole("dialog", { name: "Get Started" });
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveAccessibleDescription("Join the members-only channel and shop.");
  expect(modalChunks).toHaveLength(1);
});
