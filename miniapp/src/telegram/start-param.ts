const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `startapp=product_<id>` (t.me/<bot>/<app>?startapp=...) -> the route it opens, or null. */
export function startParamRoute(startParam: string | null | undefined): string | null {
  if (!startParam) return null;
  const match = /^product_(.+)$/.exec(startParam.trim());
  if (!match?.[1] || !UUID.test(match[1])) return null;
  return `/product/${match[1].toLowerCase()}`;
}
