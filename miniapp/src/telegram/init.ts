import {
  bindThemeParamsCssVars,
  bindViewportCssVars,
  closeMiniApp,
  disableClosingConfirmation,
  enableClosingConfirmation,
  expandViewport,
  hapticFeedbackImpactOccurred,
  hideBackButton,
  init,
  isThemeParamsDark,
  isTMA,
  miniAppReady,
  mountBackButton,
  mountClosingBehavior,
  mountMainButton,
  mountMiniAppSync,
  mountThemeParamsSync,
  mountViewport,
  onBackButtonClick,
  onMainButtonClick,
  openInvoice,
  openLink,
  openTelegramLink,
  postEvent,
  request,
  requestWriteAccess,
  retrieveLaunchParams,
  retrieveRawInitData,
  setMainButtonParams,
  setMiniAppBackgroundColor,
  setMiniAppBottomBarColor,
  setMiniAppHeaderColor,
  showBackButton,
} from "@telegram-apps/sdk-react";
import { type InvoiceStatus, setTelegramControls } from "./controls";
import { countVisit } from "./visits";

/** Every SDK call is optional: a missing feature on an old client must never break the page. */
function attempt(action: () => void): void {
  try {
    action();
  } catch {
    // Unsupported by this Telegram version or not mounted: the web fallback covers it.
  }
}

/** Telegram's own names (as telegram-web-app.js sets them), so CSS reads one set of variables. */
const viewportVar = (key: string): string => {
  const kebab = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return kebab.includes("safe-area") ? `--tg-${kebab}` : `--tg-viewport-${kebab}`;
};

export interface TelegramLaunch {
  startParam: string | null;
  /** The member's Telegram language (`language_code`), as Telegram gives it. */
  languageCode: string | null;
}

/** Initialises the SDK when launched inside Telegram; returns null on a plain web page. */
export function startTelegram(): TelegramLaunch | null {
  if (!isTMA()) return null;
  let startParam: string | null = null;
  let languageCode: string | null = null;
  let initData: string | null = null;
  let platform = "unknown";
  let version = "6.0";
  try {
    const launchParams = retrieveLaunchParams();
    startParam = launchParams.tgWebAppStartParam ?? null;
    platform = launchParams.tgWebAppPlatform;
    version = launchParams.tgWebAppVersion;
    languageCode = launchParams.tgWebAppData?.user?.language_code ?? null;
    // Raw, as Telegram sent it: the API checks its hash over exactly these bytes.
    initData = retrieveRawInitData() ?? null;
    init();
  } catch {
    return null;
  }

  // Telegram's colours become --tg-theme-* variables and follow a theme switch by themselves; whether
  // the app uses them is the appearance setting's choice (lib/appearance.ts).
  attempt(() => {
    mountThemeParamsSync();
    bindThemeParamsCssVars();
  });
  attempt(() => mountMiniAppSync());
  attempt(() => mountBackButton());
  attempt(() => mountMainButton());
  attempt(() => mountClosingBehavior());
  attempt(() => expandViewport());
  // The viewport asks Telegram for its size and safe areas; CSS env() covers the wait.
  attempt(() => {
    mountViewport({ timeout: 5000 })
      .then(() => attempt(() => bindViewportCssVars(viewportVar)))
      .catch(() => {});
  });
  attempt(() => miniAppReady());

  const themeIsDark = (): boolean | null => {
    try {
      return isThemeParamsDark() ?? null;
    } catch {
      return null;
    }
  };

  setTelegramControls({
    initData,
    platform,
    showBackButton: (visible) => attempt(() => (visible ? showBackButton() : hideBackButton())),
    onBackButton: (handler) => {
      try {
        return onBackButtonClick(handler);
      } catch {
        return () => {};
      }
    },
    setMainButton: ({ text, enabled, visible }) =>
      attempt(() => setMainButtonParams({ text, isEnabled: enabled, isVisible: visible })),
    onMainButton: (handler) => {
      try {
        return onMainButtonClick(handler);
      } catch {
        return () => {};
      }
    },
    impact: (style = "medium") => attempt(() => hapticFeedbackImpactOccurred(style)),
    close: () => attempt(() => closeMiniApp()),
    setClosingConfirmation: (on) =>
      attempt(() => (on ? enableClosingConfirmation() : disableClosingConfirmation())),
    openLink: (url) => {
      const inTelegram = /^https:\/\/t\.me\//.test(url);
      try {
        if (inTelegram) openTelegramLink(url);
        else openLink(url);
      } catch {
        window.open(url, "_blank", "noopener");
      }
    },
    openInvoice: async (url) => (await openInvoice(url, "url")) as InvoiceStatus,
    requestWriteAccess: async () => {
      try {
        if (!requestWriteAccess.isAvailable()) return false;
        return (await requestWriteAccess()) === "allowed";
      } catch {
        return false;
      }
    },
    homeScreenDue: countVisit(),
    version,
    // Methods of Bot API 8.0 and later, named by the caller (telegram/share-calls.ts).
    request: (method, events, params, timeout) =>
      request(method as never, events as never, { params, timeout } as never),
    postEvent: (method) => postEvent(method as never),
    isDark: themeIsDark,
    setChromeColor: (color) => {
      attempt(() => setMiniAppHeaderColor(color ?? "bg_color"));
      attempt(() => setMiniAppBackgroundColor(color ?? "bg_color"));
      attempt(() => setMiniAppBottomBarColor(color ?? "bottom_bar_bg_color"));
    },
    onThemeChange: (handler) => {
      try {
        return isThemeParamsDark.sub(handler);
      } catch {
        return () => {};
      }
    },
  });
  return { startParam, languageCode };
}
