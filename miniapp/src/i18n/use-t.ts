import { useLingui } from "@lingui/react";
import { type TextKey, type TextValues, translateMessage } from "./i18n";

/**
 * The app's texts for a component, which re-renders when the language changes:
 * `const { t } = useT(); t("cart.empty")`, and `tm(message)` for a contract's English message.
 */
export function useT() {
  const { i18n } = useLingui();
  return {
    t: (key: TextKey, values?: TextValues): string => i18n._(key, values),
    tm: translateMessage,
    language: i18n.locale,
  };
}
