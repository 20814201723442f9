const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `startapp=product_<id>` or `startapp=msg_<id>` (t.me/<bot>/<app>?startapp=...) -> the route it
 * opens (the product's page, or the feed at that message), or null.
 */
export function startParamRoute(startParam: string | null | undefined): string | null {
  if (!startParam) return null;
  const match = /^(product|msg)_(.+)$/.exec(startParam.trim());
  const id = match?.[2];
  if (!id || !UUID.test(id)) return null;
  return match[1] === "product" ? `/product/${id.toLowerCase()}` : `/?message=${id.toLowerCase()}`;
}
