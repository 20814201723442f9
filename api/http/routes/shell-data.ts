import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { productPath } from "#api/contracts/app-links";
import { canonicalId } from "#api/contracts/ids";
import { defaultLanguage, type Language, shippedLanguage } from "#api/contracts/languages";
import { type Product, productSchema } from "#api/contracts/products";
import { sessionLanguage } from "#api/domain/auth";
import { readChannelInfo } from "#api/domain/channel";
import type { ShellData } from "../app-shell";
import type { AppDeps } from "../deps";
import { SESSION_COOKIE } from "../middleware/cookies";
import { requestLanguage } from "../request-language";

const PRODUCT_PAGE = /^\/product\/([^/]+)$/;

/** Link-preview fetchers: their cards are read by everyone the link is shared with, so in English. */
const PREVIEW_BOT =
  /TelegramBot|facebookexternalhit|Facebot|Twitterbot|Slackbot|Discordbot|WhatsApp|LinkedInBot/i;

/**
 * The page's language: English for a link-preview bot; a signed-in web visitor's stored language
 * (their session cookie); else the browser's Accept-Language.
 */
async function pageLanguage(deps: AppDeps, c: Context, session: string | undefined): Promise<Language> {
  if (PREVIEW_BOT.test(c.req.header("user-agent") ?? "")) return defaultLanguage;
  const stored = session ? await sessionLanguage(deps.database.db, session, deps.now()) : undefined;
  return shippedLanguage(stored) ?? requestLanguage(c);
}

/** What a page's first HTML shows: the channel, whether a session came along, the product it opens. */
export async function shellData(deps: AppDeps, c: Context): Promise<ShellData> {
  const session = getCookie(c, SESSION_COOKIE);
  const [channel, language] = await Promise.all([
    readChannelInfo(deps.database),
    pageLanguage(deps, c, session),
  ]);
  const path = PRODUCT_PAGE.exec(c.req.path)?.[1];
  const id = path ? canonicalId(path) : undefined;
  const cached = id ? await deps.catalogue.product(id) : undefined;
  const product: Product | undefined = cached ? productSchema.parse(JSON.parse(cached.body)) : undefined;
  return {
    channel,
    signedIn: session !== undefined,
    path: product ? productPath(product.id) : c.req.path,
    language,
    ...(deps.config.PUBLIC_URL ? { publicUrl: deps.config.PUBLIC_URL } : {}),
    ...(product ? { product } : {}),
  };
}
