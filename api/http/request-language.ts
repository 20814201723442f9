import type { Context } from "hono";
import { type Language, languageFromAcceptLanguage } from "#api/contracts/languages";

/**
 * The language a request's answer speaks: its `Accept-Language`, which the Mini App sets to the
 * language it shows (the member's choice), and a browser to its reader's; English otherwise.
 */
export const requestLanguage = (c: Context): Language =>
  languageFromAcceptLanguage(c.req.header("accept-language"));
