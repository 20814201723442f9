import { tierChangeReasons } from "#api/contracts/plan-payments";
import { costsNothing } from "#api/contracts/plans";
import type { Reward, RewardKind } from "#api/contracts/rewards";
import type { Db } from "#db/client";
import { addCredits, type CreditSource } from "#db/queries/plans/budget-credits";
import {
  extendGrant,
  type GrantRow,
  lockPlanAndGrant,
  saveGrant,
  tierLevels,
} from "#db/queries/plans/plan-grants";
import { changeTier, findActiveTier, type TierRow } from "#db/queries/plans/plans";
import type { GrantKind } from "#db/schema/index";
import type { ServiceContext } from "../context";
import { Refusal } from "../refusal";

const DAY_MS = 86_400_000;

/** A reward as promo codes and the referral programme keep it: its kind and that kind's fields. */
export interface StoredReward {
  rewardKind: RewardKind;
  credits: string | null;
  tierId: string | null;
  days: number | null;
}

/** The active tier, costing something, that an admin sets free days on (404 unknown, 400 free). */
export async function checkRewardTier(ctx: Pick<ServiceContext, "db">, tierId: string): Promise<void> {
  const tier = await findActiveTier(ctx.db, tierId);
  if (!tier) throw new Refusal("unknown_tier");
  if (costsNothing(tier)) throw new Refusal("days_on_free_tier");
}

/**
 * A stored reward as people read it, with the tier its days are on when that tier is found; null
 * when the reward is not set (no credits, or no days).
 */
export function rewardView(
  stored: StoredReward,
  tier: Pick<TierRow, "id" | "displayName"> | undefined,
): Reward | null {
  if (stored.rewardKind === "credits")
    return stored.credits ? { kind: "credits", amount: stored.credits } : null;
  if (!stored.days) return null;
  return { kind: "days", tierId: tier?.id ?? null, tierName: tier?.displayName ?? null, days: stored.days };
}

/**
 * Gives the member `days` free days on `tier`, inside the caller's transaction (so a promo code's
 * count, a trial's claim or a referral's reward is written with it or not at all). Free days on the
 * tier a running grant is for add to its end; a higher tier than the member's plan (the plan before
 * any running grant) starts now and replaces a running grant of a lower tier. Anything else is
 * refused: the member's plan already includes it. The history's reason says where the days came from.
 */
export async function giveDays(
  tx: Db,
  {
    userId,
    tier,
    days,
    kind,
    at,
  }: { userId: string; tier: TierRow; days: number; kind: GrantKind; at: Date },
): Promise<{ grant: GrantRow } | { refused: "not_higher" }> {
  const held = await lockPlanAndGrant(tx, userId);
  if (!held) return { refused: "not_higher" };
  const { running } = held;
  if (running && running.tierId === tier.id && held.tierId === tier.id) {
    const from = Math.max(running.endsAt.getTime(), at.getTime());
    return { grant: await extendGrant(tx, userId, new Date(from + days * DAY_MS)) };
  }
  // The plan the member holds without free days: the one before a running grant, else the current one.
  const heldId = running ? running.previousTierId : held.tierId;
  const levels = await tierLevels(tx, [heldId, held.tierId]);
  if (levels.some((level) => level >= tier.tierLevel)) return { refused: "not_higher" };
  await changeTier(tx, userId, tier.id, at, {
    reason: tierChangeReasons[kind],
    anyState: true,
    keepGrant: true,
  });
  const grant = await saveGrant(tx, {
    userId,
    tierId: tier.id,
    tierName: tier.displayName,
    kind,
    endsAt: new Date(at.getTime() + days * DAY_MS),
    previousTierId: heldId,
    createdAt: at,
  });
  return { grant };
}

/** What giving a reward came to. */
export type Given =
  | { kind: "credits"; amount: string }
  | { kind: "days"; days: number; tier: TierRow }
  /** The member's plan already includes the tier: no days. */
  | { kind: "included"; days: number; tier: TierRow }
  /** The reward is not set, or its tier is gone, switched off or free since it was set. */
  | { kind: "nothing" };

/**
 * Gives the member a stored reward inside the caller's transaction: credits to this month's budget
 * (from `sourceId`), or free days on its tier while that tier is active and costs something.
 */
export async function giveReward(
  tx: Db,
  {
    userId,
    reward,
    source,
    sourceId,
    at,
  }: { userId: string; reward: StoredReward; source: CreditSource & GrantKind; sourceId: string; at: Date },
): Promise<Given> {
  if (reward.rewardKind === "credits") {
    if (!reward.credits) return { kind: "nothing" };
    await addCredits(tx, { userId, amount: reward.credits, source, sourceId, at });
    return { kind: "credits", amount: reward.credits };
  }
  const tier = reward.tierId ? await findActiveTier(tx, reward.tierId) : undefined;
  const days = reward.days;
  if (!tier || costsNothing(tier) || !days) return { kind: "nothing" };
  const given = await giveDays(tx, { userId, tier, days, kind: source, at });
  return { kind: "refused" in given ? "included" : "days", days, tier };
}
