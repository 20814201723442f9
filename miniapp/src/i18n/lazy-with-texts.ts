import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { appTexts, feedTexts, loadAdminTexts } from "./i18n";

type Module<T> = () => Promise<{ default: T }>;

/**
 * `lazy()` for a screen or part loaded after the first paint: it renders once its chunk and the
 * language's member words (the `app` catalog) have both arrived, so it never shows a bare key.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature.
export function lazyWithTexts<T extends ComponentType<any>>(load: Module<T>): LazyExoticComponent<T> {
  return lazy(() => Promise.all([load(), appTexts()]).then(([module]) => module));
}

/** The same for an Administration screen, which waits for admin.json's words as well. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature.
export function lazyWithAdminTexts<T extends ComponentType<any>>(load: Module<T>): LazyExoticComponent<T> {
  return lazy(() => Promise.all([load(), loadAdminTexts()]).then(([module]) => module));
}

/** The feed, which waits only for its own words (a returning member's first screen stays small). */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature.
export function lazyWithFeedTexts<T extends ComponentType<any>>(load: Module<T>): LazyExoticComponent<T> {
  return lazy(() => Promise.all([load(), feedTexts()]).then(([module]) => module));
}
