import type { Page } from "@playwright/test";

export const THEME = {
  bg_color: "#112233",
  secondary_bg_color: "#1b2c3d",
  text_color: "#f5f7fa",
  hint_color: "#8da2b8",
  link_color: "#62b0ff",
  button_color: "#3390ec",
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
export async function installTelegramClient(page: Page): Promise<void> {
  await page.addInitScript(
    ({ theme, safeArea }) => {
      const w = window as unknown as {
        __tgEvents: { type: string; data: unknown }[];
        TelegramWebviewProxy: { postEvent: (type: string, data?: string) => void };
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
          }
        },
      };
    },
    { theme: THEME, safeArea: SAFE_AREA },
  );
}

/** The launch parameters Telegram puts in the URL hash. */
export function launchHash(startParam?: string): string {
  const user = {
    id: 279058397,
    first_name: "Test",
    last_name: "Member",
    username: "test_member",
    language_code: "en",
  };
  const initData = new URLSearchParams({
    query_id: "AAHdF6IQAAAAAN0XohDhrOrc",
    user: JSON.stringify(user),
    auth_date: String(Math.floor(Date.now() / 1000)),
    signature: "6fbdaab833d39f54518bd5c3eb3f511d035e68cb",
    hash: "c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2",
  }).toString();
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "ios",
    tgWebAppThemeParams: JSON.stringify(THEME),
  });
  if (startParam) params.set("tgWebAppStartParam", startParam);
  return `#${params.toString()}`;
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
