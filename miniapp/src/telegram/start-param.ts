const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `startapp=product_<id>`, `startapp=msg_<id>` or `startapp=promo_<CODE>` (t.me/<bot>/<app>?startapp=...)
 * -> the route it opens (the product's page, the feed at that message, Memberships with the code), or null.
 */
export function startParamRoute(startParam: string | null | undefined): string | null {
  if (!startParam) return null;
  // A promo link (decision 112): Memberships, where Manage Your Plan opens with the code.
  const promo = /^promo_([A-Za-z0-9]{1,32})$/.exec(startParam.trim())?.[1];
  if (promo) return `/settings/memberships?promo=${promo}`;
  const match = /^(product|msg)_(.+)$/.exec(startParam.trim());
  const id = match?.[2];
  if (!id || !UUID.test(id)) return null;
  return match[1] === "product" ? `/product/${id.toLowerCase()}` : `/?message=${id.toLowerCase()}`;
}
