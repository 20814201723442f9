// First: before any schema parses (see the module).
import "./lib/zod-jitless";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { startParamRoute } from "#api/contracts/app-links";
import { App } from "./app";
import { startCartSync } from "./shop/cart/cart-sync-start";
import { startAppearance } from "./state/appearance";
import { launchSignsIn, startAuth } from "./state/auth";
import { startLanguage } from "./state/language";
import "@telegram-apps/telegram-ui/dist/styles.css";
import "./styles.css";
// Forms and inner pages (components/): the landing, the age gate and the server-drawn Back link use them.
import "./components/field.css";
import "./components/page-header.css";
// The first screen the server draws into the page (api/http/app-shell.ts) is styled before any script runs.
import "./home/channel-header.css";
import "./home/landing.css";
import "./shop/product/product-page.css";
import { keepReferralCode } from "./state/referral-code";
import { mightBeTelegram } from "./telegram/detect";

/**
 * Inside Telegram: load the SDK, initialise it, and open the product a start link names. Answers
 * the member's Telegram language (null on the web).
 */
async function startInTelegram(): Promise<string | null> {
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has("tgmock")) {
    const { mockTelegram } = await import("./telegram/mock-env");
    mockTelegram();
  }
  if (!mightBeTelegram()) return null;
  try {
    const { startTelegram } = await import("./telegram/init");
    const launch = startTelegram();
    const route = startParamRoute(launch?.startParam);
    // Only on the launch itself (the hash held the launch parameters), not after a reload.
    const launching = /tgWebApp/.test(window.location.hash);
    if (launch && launching) {
      // The SDK keeps the launch parameters for the tab; the address bar need not show initData.
      window.history.replaceState(
        window.history.state,
        "",
        window.location.pathname + window.location.search,
      );
    }
    if (route && launching && window.location.pathname === "/") {
      // The state has react-router's shape (usr, key, idx) so its history reads the entries as its own.
      if (route.startsWith("/?")) {
        // A message: the feed itself, at that message.
        window.history.replaceState({ usr: null, key: "launch", idx: 0 }, "", route);
      } else {
        // Home first, then the product: Telegram's BackButton then leads home rather than out.
        window.history.replaceState({ usr: null, key: "launch", idx: 0 }, "", "/");
        window.history.pushState({ usr: null, key: "start-param", idx: 1 }, "", route);
      }
    }
    return launch?.languageCode ?? null;
  } catch (error) {
    // A broken Telegram environment must still leave a working web page.
    console.error("Telegram initialisation failed", error);
    return null;
  }
}

async function main(): Promise<void> {
  // A member's referral link (`/?ref=`) is kept for the sign-up or sign-in that follows.
  keepReferralCode();
  // A promo link on the web (`/?promo=CODE`): Memberships opens Manage Your Plan with it (decision 112).
  if (window.location.pathname === "/" && /[?&]promo=/.test(window.location.search)) {
    window.history.replaceState(null, "", `/settings/memberships${window.location.search}`);
  }
  const telegramLanguage = await startInTelegram();
  // A launch nobody is signed in to shows the landing: its code comes beside the first screen's.
  if (!launchSignsIn()) void import("./home/landing");
  // The first screen waits for its words: one small request for the language's catalog.
  const language = startLanguage(telegramLanguage);
  startAppearance();
  // Signing in (Telegram's initData, or the web's cookie) runs while the first screen renders.
  void startAuth();
  // The cart follows the member between devices: outside the sign-in, loaded once someone is signed in.
  startCartSync();
  await language;
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from index.html");
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void main();
