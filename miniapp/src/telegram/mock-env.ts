import { mockTelegramEnv } from "@telegram-apps/sdk-react";

/**
 * Development only (imported under import.meta.env.DEV, so absent from production builds):
 * pretends to be Telegram so the SDK paths can be tried in a desktop browser. Open the dev
 * server with ?tgmock to use it.
 */
export function mockTelegram(): void {
  // Marker: a test checks that no production bundle contains "tg-dev-mock".
  console.info("[tg-dev-mock] Telegram environment mocked for development");
  const initData = new URLSearchParams({
    user: JSON.stringify({
      id: 1,
      first_name: "Dev",
      last_name: "User",
      username: "dev",
      language_code: "en",
    }),
    auth_date: String(Math.floor(Date.now() / 1000)),
    hash: "dev",
    signature: "dev",
  }).toString();
  mockTelegramEnv({
    launchParams: {
      tgWebAppThemeParams: {
        bg_color: "#17212b",
        text_color: "#f5f5f5",
        hint_color: "#708499",
        link_color: "#6ab3f3",
        button_color: "#5288c1",
        button_text_color: "#ffffff",
        secondary_bg_color: "#232e3c",
      },
      tgWebAppData: initData,
      tgWebAppVersion: "8.0",
      tgWebAppPlatform: "tdesktop",
    },
  });
}
