declare module "virtual:catalogs" {
  import type { Messages } from "@lingui/core";

  type Loader = () => Promise<{ default: Messages }>;
  /** Each language's compiled catalogs, one chunk per surface (miniapp/translation-catalogs.ts). */
  export const catalogs: Record<
    string,
    { start: Loader; feed: Loader; app: Loader; admin: Loader } | undefined
  >;
}
