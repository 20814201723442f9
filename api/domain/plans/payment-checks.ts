import { isUuid } from "#api/contracts/ids";
import type { PaymentFlag } from "#api/contracts/plan-payments";
import { findAccountById } from "#db/queries/accounts/accounts";
import { findInvoiceToCheck, tierExists } from "#db/queries/plans/plan-payments";
import type { ServiceContext } from "../context";

/** The payload a plan's invoice carries: the member, the tier and the stored invoice's nonce. */
export const invoicePayload = (userId: string, tierId: string, nonce: string) =>
  `plan:${userId}:${tierId}:${nonce}`;

function parsePayload(payload: string) {
  const [kind, userId, tierId, nonce, ...rest] = payload.split(":");
  if (kind !== "plan" || !userId || !tierId || !nonce || rest.length > 0) return undefined;
  return { userId, tierId, nonce };
}

type InvoiceToCheck = NonNullable<Awaited<ReturnType<typeof findInvoiceToCheck>>>;

/**
 * The invoice a payload names, with its member's Telegram id and its tier, when the payload is ours
 * and matches what was stored.
 */
export async function invoiceOf(
  ctx: Pick<ServiceContext, "db">,
  payload: string,
): Promise<InvoiceToCheck | undefined> {
  const parsed = parsePayload(payload);
  if (!parsed) return undefined;
  const found = await findInvoiceToCheck(ctx.db, parsed.nonce);
  if (!found || found.invoice.userId !== parsed.userId || found.invoice.tierId !== parsed.tierId)
    return undefined;
  return found;
}

/** What a payment says of itself (the pre-checkout query's or successful_payment's fields). */
export interface PaidFacts {
  /** The payer's Telegram id. */
  fromId: number;
  currency: string;
  totalAmount: number;
  /** A Stars subscription's renewal: Telegram charged it on its own, without a pre-checkout. */
  renewal: boolean;
}

/** What the invoice asked: its currency and amount (smallest unit), its member, its tier. */
export interface InvoiceFacts {
  currency: string;
  amount: number;
  memberTelegramId: bigint | null;
  tierActive: boolean;
}

export type Mismatch = Extract<PaymentFlag, "other_payer" | "currency" | "amount" | "tier_not_sold">;

/**
 * The first rule a payment breaks against its invoice (decision 116), or undefined when it matches:
 * the invoice's member paid it, in its currency, its amount (a renewal too: Telegram charges the
 * subscription's first price), for a tier still sold. A Stars renewal of a tier switched off meanwhile
 * matches: switching a tier off stops its sale and moves no member off it, so the member keeps the
 * plan they pay for.
 */
export function mismatchOf(paid: PaidFacts, invoice: InvoiceFacts): Mismatch | undefined {
  if (invoice.memberTelegramId === null || invoice.memberTelegramId !== BigInt(paid.fromId))
    return "other_payer";
  if (paid.currency !== invoice.currency) return "currency";
  if (paid.totalAmount !== invoice.amount) return "amount";
  if (!invoice.tierActive && !paid.renewal) return "tier_not_sold";
  return undefined;
}

/** mismatchOf for an invoice as stored. */
export const mismatchOfInvoice = (paid: PaidFacts, found: InvoiceToCheck) =>
  mismatchOf(paid, {
    currency: found.invoice.currency,
    amount: found.invoice.stars,
    memberTelegramId: found.memberTelegramId,
    tierActive: found.tier.isActive,
  });

/** A payment that applies to no plan: why, and the member and tier it is known to be for. */
export interface NotApplied {
  flag: PaymentFlag;
  /** The invoice's member when they are the payer; null otherwise. */
  userId: string | null;
  tierId: string | null;
  tierName: string | null;
}

export type PaymentCheck = ({ applies: true } & InvoiceToCheck) | ({ applies: false } & NotApplied);

/** A successful payment checked against the invoice its payload names (decision 116). */
export async function checkPayment(
  ctx: Pick<ServiceContext, "db">,
  paid: PaidFacts & { payload: string },
): Promise<PaymentCheck> {
  const found = await invoiceOf(ctx, paid.payload);
  if (!found) return { applies: false, ...(await unmatched(ctx, paid)) };
  const mismatch = mismatchOfInvoice(paid, found);
  if (!mismatch) return { applies: true, ...found };
  return {
    applies: false,
    flag: mismatch,
    userId: mismatch === "other_payer" ? null : found.invoice.userId,
    tierId: found.tier.id,
    tierName: found.tier.displayName,
  };
}

/**
 * A payload naming no stored invoice: the account it was for is gone (its invoices went with it),
 * or its tier is (the same), or it names nothing of ours.
 */
async function unmatched(
  ctx: Pick<ServiceContext, "db">,
  paid: PaidFacts & { payload: string },
): Promise<NotApplied> {
  const none = { flag: "unknown_invoice", userId: null, tierId: null, tierName: null } as const;
  const parsed = parsePayload(paid.payload);
  if (!parsed || !isUuid(parsed.userId) || !isUuid(parsed.tierId)) return none;
  const account = await findAccountById(ctx.db, parsed.userId);
  if (!account) return { ...none, flag: "account_gone" };
  if (await tierExists(ctx.db, parsed.tierId)) return none;
  return {
    ...none,
    flag: "tier_not_sold",
    userId: account.telegramId === BigInt(paid.fromId) ? account.id : null,
  };
}
