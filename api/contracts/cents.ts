/**
 * Exact money arithmetic, kept free of zod so the Mini App can import it without bundling zod
 * (about 19 KB gzipped). money.ts re-exports it for server code.
 */

/** "12.50" -> 1250. Integer cents are what the code adds and compares. */
export function toCents(amount: string | number): number {
  if (typeof amount === "number") return Math.round(amount * 100);
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not an amount: ${amount}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "0").padEnd(2, "0"));
  return match[1] ? -cents : cents;
}

/** 1250 -> "12.50" */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
