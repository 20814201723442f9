import {
  bindThemeParamsCssVars,
  bindViewportCssVars,
  expandViewport,
  hapticFeedbackImpactOccurred,
  hideBackButton,
  init,
  isThemeParamsDark,
  isTMA,
  miniAppReady,
  mountBackButton,
  mountMainButton,
  mountMiniAppSync,
  mountThemeParamsSync,
  mountViewport,
  onBackButtonClick,
  onMainButtonClick,
  retrieveLaunchParams,
  setMainButtonParams,
  showBackButton,
} from "@telegram-apps/sdk-react";
import { setTelegramControls } from "./controls";

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
}

/** Initialises the SDK when launched inside Telegram; returns null on a plain web page. */
export function startTelegram(): TelegramLaunch | null {
  if (!isTMA()) return null;
  let startParam: string | null = null;
  try {
    startParam = retrieveLaunchParams().tgWebAppStartParam ?? null;
    init();
  } catch {
    return null;
  }

  attempt(() => {
    mountThemeParamsSync();
    bindThemeParamsCssVars();
    const applyScheme = () => document.documentElement.classList.toggle("dark", isThemeParamsDark() ?? true);
    applyScheme();
    // The user can switch Telegram's theme while the app is open; the variables follow by themselves.
    isThemeParamsDark.sub(applyScheme);
  });
  attempt(() => mountMiniAppSync());
  attempt(() => mountBackButton());
  attempt(() => mountMainButton());
  attempt(() => expandViewport());
  // The viewport asks Telegram for its size and safe areas; CSS env() covers the wait.
  attempt(() => {
    mountViewport({ timeout: 5000 })
      .then(() => attempt(() => bindViewportCssVars(viewportVar)))
      .catch(() => {});
  });
  attempt(() => miniAppReady());

  setTelegramControls({
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
  });
  return { startParam };
}
