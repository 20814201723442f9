import type { SetupReport } from "#api/contracts/setup-report";
import { unsoldTiers } from "#api/domain/plans";
import type { ServiceContext } from "../context";

/** Names no one outside this machine or its network reaches: Telegram cannot open or post to them. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local")) return true;
  // IPv6: loopback, unique local (fc00::/7), link-local (fe80::/10).
  if (host.includes(":")) return host === "::1" || /^f[cd]/.test(host) || /^fe[89ab]/.test(host);
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(host)) return false;
  const [a = 0, b = 0] = host.split(".").map(Number);
  return a === 127 || a === 10 || a === 0 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b < 32);
}

/** PUBLIC_URL: Telegram opens the Mini App and posts the webhook only to a public https address. */
export function miniAppLine(config: ServiceContext["config"]): SetupReport["miniApp"] {
  const url = config.PUBLIC_URL ?? null;
  const facts = { url, shortName: config.TELEGRAM_APP_SHORT_NAME ?? null };
  if (!url) return { ...facts, state: "problem", problem: "not_set" };
  const parsed = new URL(url);
  if (parsed.protocol !== "https:") return { ...facts, state: "problem", problem: "not_https" };
  if (isLocalHost(parsed.hostname)) return { ...facts, state: "problem", problem: "local_address" };
  return { ...facts, state: "ok", problem: null };
}

/**
 * PLAN_PAYMENTS: free gives paid tiers away; Stars and invoices need the bot running (it makes the
 * invoice and takes the payment's updates); Stars sells only tiers with a Stars price.
 */
export async function paymentsLine(
  ctx: Pick<ServiceContext, "bot" | "config" | "db">,
): Promise<SetupReport["payments"]> {
  const mode = ctx.config.PLAN_PAYMENTS;
  const unsold = await unsoldTiers(ctx);
  const facts = {
    mode,
    providerToken: ctx.config.PAYMENT_PROVIDER_TOKEN !== undefined,
    currency: ctx.config.PAYMENT_CURRENCY,
    unsold,
  };
  const problem =
    mode === "free"
      ? "free_mode"
      : (mode === "stars" || mode === "invoice") && ctx.bot.state().state !== "running"
        ? "needs_bot"
        : unsold.length > 0
          ? "tiers_not_sold"
          : null;
  return { ...facts, state: problem ? "problem" : "ok", problem };
}
