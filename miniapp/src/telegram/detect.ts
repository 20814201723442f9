/**
 * A cheap guess, without the SDK, whether the app may be running inside Telegram: launch
 * parameters in the URL (first open) or saved by the SDK for this tab (after a reload), or the
 * native bridge. Only then is the SDK loaded, so a plain web visit never downloads it.
 */
export function mightBeTelegram(): boolean {
  try {
    if (/tgWebApp/.test(window.location.hash) || /tgWebApp/.test(window.location.search)) return true;
    if (window.sessionStorage.getItem("tapps/launchParams")) return true;
  } catch {
    // sessionStorage can be blocked; the other signals still apply.
  }
  return "TelegramWebviewProxy" in window || "TelegramWebview" in window;
}
