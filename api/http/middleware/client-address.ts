import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The address rate limits count against. X-Forwarded-For is believed only with TRUST_PROXY=true,
 * and then only its last entry: the one our single reverse proxy appended (earlier entries are
 * whatever the client sent).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header("x-forwarded-for")
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Not behind @hono/node-server (app.request in tests): one shared bucket.
    return "unknown";
  }
}
