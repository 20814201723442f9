import type { Page } from "@playwright/test";
import { sign } from "@telegram-apps/init-data-node";
import { E2E_BOT_TOKEN } from "./env";

export const THEME = {
  bg_color: "#112233",
  secondary_bg_color: "#1b2c3d",
  text_color: "#f5f7fa",
  hint_color: "#8da2b8",
  link_color: "#62b0ff",
  button_color: "#3390ec",
  button_text_color: "#ffffff",
};

/** A light Telegram theme, as Telegram's light mode sends it. */
export const LIGHT_THEME = {
  bg_color: "#ffffff",
  secondary_bg_color: "#f1f1f4",
  text_color: "#000000",
  hint_color: "#6d6d71",
  link_color: "#2481cc",
  button_color: "#2481cc",
  button_text_color: "#ffffff",
};

/** Device safe areas the mocked client reports (a notch and a home indicator). */
export const SAFE_AREA = { top: 47, bottom: 34, left: 0, right: 0 };

export interface PostedEvent {
  type: string;
  data: unknown;
}

/**
 * Pretends to be Telegram's native client from the test side: records every postEvent call in
 * window.__tgEvents and answers the requests the SDK makes while it starts, the way the real
 * client answers them (through window.Telegram.WebView.receiveEvent).
 */
export async function installTelegramClient(
  page: Page,
  theme: Record<string, string> = THEME,
): Promise<void> {
  await page.addInitScript(
    ({ theme, safeArea }) => {
      const w = window as unknown as {
        __tgEvents: { type: string; data: unknown }[];
        TelegramWebviewProxy: { postEvent: (type: string, data?: string) => void };
        __tgInvoiceStatus?: string;
        __tgWriteAccess?: string;
        __tgShareOutcome?: string;
        __tgHomeScreen?: string;
        Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } };
      };
      w.__tgEvents = [];
      const reply = (type: string, data: unknown) =>
        setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(type, data), 10);
      w.TelegramWebviewProxy = {
        postEvent(type, data) {
          let parsed: unknown = null;
          try {
            parsed = data ? JSON.parse(data) : null;
          } catch {
            parsed = data;
          }
          w.__tgEvents.push({ type, data: parsed });
          if (type === "web_app_request_viewport") {
            reply("viewport_changed", {
              height: window.innerHeight,
              width: window.innerWidth,
              is_expanded: true,
              is_state_stable: true,
            });
          } else if (type === "web_app_request_safe_area") {
            reply("safe_area_changed", safeArea);
          } else if (type === "web_app_request_content_safe_area") {
            reply("content_safe_area_changed", { top: 0, bottom: 0, left: 0, right: 0 });
          } else if (type === "web_app_request_theme") {
            reply("theme_changed", { theme_params: theme });
          } else if (type === "web_app_request_write_access") {
            // "Allow the bot to message you?": allowed unless the test says otherwise.
            reply("write_access_requested", { status: w.__tgWriteAccess ?? "allowed" });
          } else if (type === "web_app_send_prepared_message") {
            // The chat picker: sent unless the test says otherwise (setShareOutcome).
            const outcome = w.__tgShareOutcome ?? "sent";
            if (outcome === "sent") reply("prepared_message_sent", null);
            else reply("prepared_message_failed", { error: "USER_DECLINED" });
          } else if (type === "web_app_check_home_screen") {
            // Unsupported unless the test says otherwise (setHomeScreenStatus), so other specs never see the offer.
            reply("home_screen_checked", { status: w.__tgHomeScreen ?? "unsupported" });
          } else if (type === "web_app_add_to_home_screen") {
            reply("home_screen_added", null);
          } else if (type === "web_app_open_invoice") {
            // The payment sheet closes as the test says (setInvoiceOutcome); "hold" keeps it open.
            const status = w.__tgInvoiceStatus ?? "paid";
            const slug = (parsed as { slug?: string } | null)?.slug;
            if (status !== "hold") reply("invoice_closed", { slug, status });
          }
        },
      };
    },
    { theme, safeArea: SAFE_AREA },
  );
}

export interface TelegramUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export const TEST_TELEGRAM_USER: TelegramUser = {
  id: 279058397,
  first_name: "Test",
  last_name: "Member",
  username: "test_member",
  language_code: "en",
};

/** A Telegram user of one's own, so a test starts from a fresh account. */
export function newTelegramUser(first_name = "Tess"): TelegramUser {
  return {
    id: 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000),
    first_name,
    last_name: "Gram",
    username: `tess_${Math.random().toString(36).slice(2, 8)}`,
    language_code: "en",
  };
}

interface LaunchOptions {
  user?: TelegramUser;
  /** Signed with another token: the hash does not verify, as with forged initData. */
  forged?: boolean;
  theme?: Record<string, string>;
  /** Telegram's platform name ("ios", "android", "tdesktop"…). */
  platform?: string;
  /** When Telegram signed the data (now by default; long ago for expired data). */
  signedAt?: Date;
}

/**
 * The launch parameters Telegram puts in the URL hash, with initData signed by the e2e servers'
 * bot token (as Telegram signs it with the real one), or forged.
 */
export function launchHash(
  startParam?: string,
  {
    user = TEST_TELEGRAM_USER,
    forged = false,
    theme = THEME,
    platform = "ios",
    signedAt = new Date(),
  }: LaunchOptions = {},
): string {
  const token = forged ? "7000000001:AAforged-token-not-the-servers-one" : E2E_BOT_TOKEN;
  const initData = sign(
    { user, query_id: "AAHdF6IQAAAAAN0XohDhrOrc" } as Parameters<typeof sign>[0],
    token,
    signedAt,
  );
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: platform,
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  if (startParam) params.set("tgWebAppStartParam", startParam);
  return `#${params.toString()}`;
}

/**
 * How the mocked payment sheet closes for the next invoices: "paid" (the default), "cancelled",
 * "failed", or "hold" (it stays open until the test sends `invoice_closed` itself).
 */
export async function setInvoiceOutcome(
  page: Page,
  status: "paid" | "cancelled" | "failed" | "hold",
): Promise<void> {
  await page.evaluate((value) => {
    (window as unknown as { __tgInvoiceStatus?: string }).__tgInvoiceStatus = value;
  }, status);
}

/** How the mocked chat picker closes after shareMessage: "sent" (the default) or "cancelled". */
export async function setShareOutcome(page: Page, outcome: "sent" | "cancelled"): Promise<void> {
  await page.evaluate((value) => {
    (window as unknown as { __tgShareOutcome?: string }).__tgShareOutcome = value;
  }, outcome);
}

/**
 * What the mocked client answers checkHomeScreenStatus with, from the page's start on ("unsupported"
 * unless set): call before the page loads.
 */
export async function setHomeScreenStatus(
  page: Page,
  status: "unsupported" | "unknown" | "added" | "missed",
): Promise<void> {
  await page.addInitScript((value) => {
    (window as unknown as { __tgHomeScreen?: string }).__tgHomeScreen = value;
  }, status);
}

export async function postedEvents(page: Page): Promise<PostedEvent[]> {
  return page.evaluate(() => (window as unknown as { __tgEvents: PostedEvent[] }).__tgEvents);
}

/** Telegram telling the app something happened (a button press). */
export async function receiveEvent(page: Page, type: string, data?: unknown): Promise<void> {
  await page.evaluate(
    ([eventType, eventData]) => {
      const w = window as unknown as {
        Telegram: { WebView: { receiveEvent: (t: string, d?: unknown) => void } };
      };
      w.Telegram.WebView.receiveEvent(eventType as string, eventData);
    },
    [type, data] as const,
  );
}
