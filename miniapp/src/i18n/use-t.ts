import { useSyncExternalStore } from "react";
import { i18n, type TextKey, type TextValues, translateMessage } from "./i18n";

// Lingui says "change" when a language is shown or a catalog arrives: every reader renders again.
let version = 0;
i18n.on("change", () => {
  version++;
});
const subscribe = (onChange: () => void) => i18n.on("change", onChange);
const currentVersion = () => version;

/**
 * The app's texts for a component, which re-renders when the language changes or its words arrive:
 * `const { t } = useT(); t("cart.empty")`, and `tm(message)` for a contract's English message.
 */
export function useT() {
  useSyncExternalStore(subscribe, currentVersion);
  return {
    t: (key: TextKey, values?: TextValues): string => i18n._(key, values),
    tm: translateMessage,
    language: i18n.locale,
  };
}
