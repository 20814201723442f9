import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { canonicalId } from "#api/contracts/ids";
import { type Product, productSchema } from "#api/contracts/products";
import { readChannelInfo } from "#api/domain/services/channel-info";
import type { ShellData } from "../app-shell";
import type { AppDeps } from "../deps";
import { SESSION_COOKIE } from "../middleware/cookies";

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
