import type { Page } from "@playwright/test";
import { broadcastListSchema } from "../../api/contracts/broadcasts";
import { openAdminScreen, telegramAdmin, toast } from "./support/accounts";
import { E2E_ADMIN_EMAIL } from "./support/env";
import { lookAt } from "./support/looks";
import { THEME } from "./support/telegram";
import { expect, test } from "./support/test";
import { catalogText } from "./support/texts";
import { untilToastsGo } from "./support/toasts";

// Administration › Setup (decision 121), as the server itself reports it: these servers run with the
// bot off in this process (BOT_MODE=off), an http PUBLIC_URL, plans in free mode and mail through the
// fake SMTP server, so the screen shows green lines, grey ones and red ones with what to do.

// Each look inside Telegram is two themes, each with axe's contrast check.
test.describe.configure({ timeout: 90_000 });

const line = (page: Page, name: string) => page.locator(`[data-line="${name}"]`);

const NOT_HTTPS_FIX =
  "What to do: Put https in front of the server (a reverse proxy with a certificate, such as Caddy, or nginx with Let’s Encrypt) and set PUBLIC_URL to the https address.";

test("web: Setup from Administration shows each line, a red one with its fix, and mails a test", async ({
  page,
  request,
}) => {
  await openAdminScreen(page, request, {
    theme: null,
    firstName: "Sam",
    screen: "Setup",
    path: "/administration",
  });
  await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Setup", exact: true })
    .click();
  await expect(page).toHaveURL("/admin/setup");
  await expect(page.getByRole("heading", { level: 1, name: "Setup" })).toBeVisible();
  const miniApp = line(page, "miniApp");
  await expect(miniApp).toHaveAttribute("data-state", "problem", { timeout: 15_000 });
  await expect(miniApp.getByRole("heading")).toHaveAccessibleName("Mini App address (needs fixing)");
  await expect(miniApp).toContainText(
    "is not https: Telegram opens Mini Apps and posts webhooks only over https.",
  );
  await expect(miniApp.getByTestId("setup-fix")).toHaveText(NOT_HTTPS_FIX);
  await expect(line(page, "bot")).toHaveAttribute("data-state", "off");
  await expect(line(page, "bot")).toContainText("This process runs no bot (BOT_MODE=off).");
  await expect(line(page, "payments")).toHaveAttribute("data-state", "problem");
  await expect(line(page, "payments")).toContainText("Free mode gives every paid tier away");
  for (const name of ["mail", "storage", "database"])
    await expect(line(page, name)).toHaveAttribute("data-state", "ok");
  await expect(line(page, "model")).toHaveAttribute("data-state", "off");
  await lookAt(page, "web", "setup-admin");

  await line(page, "mail").getByRole("button", { name: "Send me a test mail" }).click();
  await expect(toast(page, `A test mail went to ${E2E_ADMIN_EMAIL}`)).toBeVisible();
  await untilToastsGo(page);
  await page.getByRole("button", { name: "Check again" }).scrollIntoViewIfNeeded();
  await lookAt(page, "web", "setup-admin-end");

  // Broadcasts while the bot is set up but not running (the list's answer says so here, held to its
  // schema; tests/api/setup-report.test.ts has the server refuse): Send is off and says why.
  await page.route(/\/api\/admin\/broadcasts\?/, async (route) => {
    const list = broadcastListSchema.parse(await (await route.fetch()).json());
    const bot = {
      state: "not_running",
      mode: "webhook",
      problem: "token_refused",
      error: "getMe: 401 Unauthorized",
      since: new Date().toISOString(),
    };
    return route.fulfill({ json: broadcastListSchema.parse({ ...list, bot }) });
  });
  await page.goto("/admin/broadcasts");
  await page.getByRole("textbox", { name: "Message" }).fill("Weekend drop: three new strains are in.");
  const send = page.getByTestId("broadcast-send");
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleDescription(
    "The bot is set up but not running: Telegram refused BOT_TOKEN. Broadcasts cannot be sent until it runs.",
  );
  await send.scrollIntoViewIfNeeded();
  await lookAt(page, "web", "broadcasts-bot-not-running");
});

test("telegram: Setup in the dark and light themes, then in Arabic, right to left", async ({
  page,
  request,
}) => {
  await openAdminScreen(page, request, {
    theme: THEME,
    firstName: "Tess",
    screen: "Setup",
    path: "/admin/setup",
  });
  await expect(line(page, "miniApp").getByTestId("setup-fix")).toHaveText(NOT_HTTPS_FIX, { timeout: 15_000 });
  await lookAt(page, "telegram", "setup-admin");

  // An admin whose Telegram speaks Arabic, launching the Mini App afresh: the first one's session
  // and kept language (the page's cookie and storage) go first.
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const hash = await telegramAdmin(page, page.request, "Layla", THEME, "ar");
  await page.goto(`/${hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await page.goto("/admin/setup");
  const ar = (key: string) => catalogText("ar", key, "admin");
  await expect(page.getByRole("heading", { level: 1, name: ar("admin.setup.title") })).toBeVisible();
  await expect(line(page, "miniApp").getByTestId("setup-fix")).toHaveText(
    `${ar("admin.setup.whatToDo")} ${ar("admin.setup.miniApp.fix.notHttps")}`,
  );
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await lookAt(page, "telegram", "setup-admin-ar");
});
