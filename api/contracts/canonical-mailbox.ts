/** Gmail's domains: one mailbox whatever the dots in its name, under either domain. */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address reaches, as every per-person rule reads an email (decision 115): lower
 * case; a `+tag` dropped from the local part on every domain; on Gmail (gmail.com, googlemail.com)
 * the dots dropped too and the domain read as gmail.com. A local part that would be left empty
 * stays as it was. Only the person keys use it: an address is stored and mailed as it was typed.
 */
export function canonicalMailbox(address: string): string {
  const lower = address.toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const untagged = local.split("+", 1)[0] ?? "";
  if (untagged) local = untagged;
  if (GMAIL_DOMAINS.has(domain)) {
    domain = "gmail.com";
    local = local.replaceAll(".", "") || local;
  }
  return `${local}@${domain}`;
}
