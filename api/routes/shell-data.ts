import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { SESSION_COOKIE } from "../auth/cookies";
import { canonicalId } from "../contracts/ids";
import { type Product, productSchema } from "../contracts/products";
import type { AppDeps } from "../deps";
import type { ShellData } from "../http/app-shell";
import { readChannelInfo } from "../services/channel-info";

const PRODUCT_PAGE = /^\/product\/([^/]+)$/;

/** What a page's first HTML shows: the channel, whether a session came along, the product it opens. */
export async function shellData(deps: AppDeps, c: Context): Promise<ShellData> {
  const channel = await readChannelInfo(deps.database);
  const signedIn = getCookie(c, SESSION_COOKIE) !== undefined;
  const path = PRODUCT_PAGE.exec(c.req.path)?.[1];
  const id = path ? canonicalId(path) : undefined;
  const cached = id ? await deps.catalogue.product(id) : undefined;
  const product: Product | undefined = cached ? productSchema.parse(JSON.parse(cached.body)) : undefined;
  return {
    channel,
    signedIn,
    path: product ? `/product/${product.id}` : c.req.path,
    ...(deps.config.PUBLIC_URL ? { publicUrl: deps.config.PUBLIC_URL } : {}),
    ...(product ? { product } : {}),
  };
}
