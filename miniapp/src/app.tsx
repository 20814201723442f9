import { AppRoot } from "@telegram-apps/telegram-ui";
import { kitPlatform } from "./lib/appearance";
import { BrowserRouter } from "./lib/browser-router";
import { dismissStaleToasts } from "./lib/toast";
import { AppRoutes } from "./routes";
import { useAppearance } from "./state/appearance";
import { telegram } from "./telegram/controls";

/** The component kit's root: its platform from Telegram's launch, its appearance from the setting. */
export function App() {
  const { dark } = useAppearance();
  return (
    <AppRoot
      className="app-root"
      appearance={dark ? "dark" : "light"}
      platform={kitPlatform(telegram()?.platform)}
    >
      {/*
        A toast belongs to its screen: leaving it clears what was shown there. Timed from the moment
        the path changes, not from when the next page has loaded and rendered (a slow phone can take
        longer than STALE_AFTER_MS): the toast of the action that navigates stays.
      */}
      <BrowserRouter onPathChange={dismissStaleToasts}>
        <AppRoutes />
      </BrowserRouter>
    </AppRoot>
  );
}
