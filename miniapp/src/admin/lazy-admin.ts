import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { loadAdminTexts } from "../i18n/i18n";

/** An admin screen's chunk, shown once Administration's texts (admin.json) are loaded too. */
export const lazyAdmin = <P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> =>
  lazy(() => Promise.all([load(), loadAdminTexts()]).then(([m]) => m));
