import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { appTexts } from "./i18n";

/**
 * `lazy()` for a screen or part loaded after the first paint: it renders once its chunk and the
 * language's member words (the `app` catalog) have both arrived, so it never shows a bare key.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature.
export function lazyWithTexts<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => Promise.all([load(), appTexts()]).then(([module]) => module));
}
