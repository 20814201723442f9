import { toCents } from "#api/contracts/cents";
import type { Budget, ChangePlanResult, Tier } from "#api/contracts/plans";
import { formatCurrencyCents } from "../lib/format";

/** The spec's price when no plan is selected: "$25.00/month". */
export const DEFAULT_PLAN_PRICE = "25.00";

/** The spec's failure toast (title Error), as planMessages.updateFailed says it on the server. */
export const PLAN_UPDATE_FAILED = "Failed to update your plan. Please try again.";

/** Level 1 is the free base level; only the paid levels above it are offered in the picker. */
export const FREE_LEVEL = 1;

type TierLevel = Pick<Tier, "tierLevel">;
type PricedTier = Pick<Tier, "priceMonthly" | "tierLevel">;

/** Integer cents -> "$1,250.00": money always shows two decimals. */
export const dollars = (cents: number): string => formatCurrencyCents(cents, "USD");

/** "25" -> "$25.00/month": the picker's options, the selected price and the confirmation's cost. */
export const perMonth = (price: string): string => `${dollars(toCents(price))}/month`;

/** The tiers the Select plan dropdown offers: every active tier above level 1, lowest first. */
export const selectableTiers = <T extends TierLevel>(tiers: readonly T[]): T[] =>
  tiers.filter((tier) => tier.tierLevel > FREE_LEVEL).sort((a, b) => a.tierLevel - b.tierLevel);

export type PlanAction = "Current Plan" | "Upgrade Plan" | "Downgrade Plan" | "Select Plan";

/**
 * The picker's action button. "Select Plan" when there is nothing to compare with: no tier picked
 * yet, or the member has none (and for two tiers on one level, which the unique level rules out).
 */
export function planAction(
  current: (TierLevel & Pick<Tier, "id">) | null,
  selected: (TierLevel & Pick<Tier, "id">) | null,
): PlanAction {
  if (!selected || !current) return "Select Plan";
  if (selected.id === current.id) return "Current Plan";
  if (selected.tierLevel > current.tierLevel) return "Upgrade Plan";
  if (selected.tierLevel < current.tierLevel) return "Downgrade Plan";
  return "Select Plan";
}

/** A higher level than the current one; from no plan at all, any tier is a step up. */
export const isUpgrade = (current: TierLevel | null, next: TierLevel): boolean =>
  next.tierLevel > (current?.tierLevel ?? 0);

export const confirmationTitle = (current: TierLevel | null, next: TierLevel): string =>
  isUpgrade(current, next) ? "Upgrade Plan" : "Change Plan";

export const changeSentence = (
  current: Pick<Tier, "displayName"> | null,
  next: Pick<Tier, "displayName">,
): string => `You are about to change from ${current?.displayName ?? "no plan"} to ${next.displayName}.`;

/** "New cost: $50.00/month (+$25.00)" for a rise, "(saves $25.00/month)" for a fall, bare when equal. */
export function newCostText(current: PricedTier | null, next: PricedTier): string {
  const cost = `New cost: ${perMonth(next.priceMonthly)}`;
  const diff = toCents(next.priceMonthly) - toCents(current?.priceMonthly ?? "0");
  if (diff > 0) return `${cost} (+${dollars(diff)})`;
  if (diff < 0) return `${cost} (saves ${dollars(-diff)}/month)`;
  return cost;
}

export const planChangedText = (result: Pick<ChangePlanResult, "upgraded"> & { displayName: string }) =>
  result.upgraded
    ? `Your plan has been upgraded to ${result.displayName}`
    : `Your plan has been changed to ${result.displayName}`;

/** The memberships badge: "Free" for level 1, else "Pro - <name>" with " credits / month" as "/mo". */
export const tierBadge = (tier: Pick<Tier, "displayName" | "tierLevel">): string =>
  tier.tierLevel <= FREE_LEVEL ? "Free" : `Pro - ${tier.displayName.replaceAll(" credits / month", "/mo")}`;

export interface MoneyRemaining {
  /** "$12.50 of $25.00" */
  text: string;
  /** How much of the total is used, 0–100, for the usage bar. */
  usedPercent: number;
}

/** The Money remaining panel: what is left of monthly + rollover; null when that total is 0. */
export function moneyRemaining(budget: Budget): MoneyRemaining | null {
  const totalCents = toCents(budget.monthly) + toCents(budget.rollover);
  if (totalCents <= 0) return null;
  const remainingCents = Math.min(Math.max(toCents(budget.remaining), 0), totalCents);
  return {
    text: `${dollars(remainingCents)} of ${dollars(totalCents)}`,
    usedPercent: Math.round(((totalCents - remainingCents) / totalCents) * 100),
  };
}

/** "Up to $25.00 in monthly value": the month's budget is the plan's price. */
export const monthlyValueLine = (budget: Pick<Budget, "monthly">): string =>
  `Up to ${dollars(toCents(budget.monthly))} in monthly value`;

/** The green line, shown only when money rolled over: "$5.00 rolled over from last month". */
export function rolloverLine(budget: Pick<Budget, "rollover">): string | null {
  const cents = toCents(budget.rollover);
  return cents > 0 ? `${dollars(cents)} rolled over from last month` : null;
}
