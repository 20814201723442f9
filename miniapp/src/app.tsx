import { AppRoot } from "@telegram-apps/telegram-ui";
import { useState } from "react";
// From react-router/dom: navigations can then use ReactDOM.flushSync (sign-out leaves a signed-in page first).
import { RouterProvider } from "react-router/dom";
import { kitPlatform } from "./lib/appearance";
import { createRouter } from "./routes";
import { useAppearance } from "./state/appearance";
import { telegram } from "./telegram/controls";

/** The component kit's root: its platform from Telegram's launch, its appearance from the setting. */
export function App() {
  const [router] = useState(createRouter);
  const { dark } = useAppearance();
  return (
    <AppRoot
      className="app-root"
      appearance={dark ? "dark" : "light"}
      platform={kitPlatform(telegram()?.platform)}
    >
      <RouterProvider router={router} />
    </AppRoot>
  );
}
