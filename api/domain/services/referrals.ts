import { referralCodeOfStartParam, referralPath, screenPaths, startParams } from "#api/contracts/app-links";
import type { Language } from "#api/contracts/languages";
import { tierChangeReasons } from "#api/contracts/plan-payments";
import { costsNothing } from "#api/contracts/plans";
import type {
  AdminReferrals,
  MyReferrals,
  ReferralReward,
  ReferralSettings,
  UpdateReferralSettings,
} from "#api/contracts/referrals";
import type { Logger } from "#api/process/logger";
import type { Db } from "#db/client";
import { findAccountById } from "#db/queries/accounts";
import { addCredits } from "#db/queries/budget-credits";
import { grantDays } from "#db/queries/plan-grants";
import { findActiveTier } from "#db/queries/plans";
import { recipientsOf } from "#db/queries/recipients";
import {
  attributeReferral,
  claimDueReferral,
  ensureReferralCode,
  listReferrals,
  loadReferralProgram,
  markRewarded,
  markVoided,
  qualifyReferral,
  type ReferralProgramRow,
  type ReferralRow,
  referralCounts,
  referralTotals,
  saveReferralProgram,
  voidReferralOfCharge,
} from "#db/queries/referrals";
import type { ServiceContext } from "../context";
import { serverText } from "../i18n/translate";
import { enqueue, type OutboxMessage } from "../outbox/enqueue";
import { Refusal } from "../refusal";
import { publicPageLink, telegramStartAppLink } from "./app-links";
import { personKeys, personSeen } from "./person-keys";
import { recipientLanguage } from "./recipient-language";
import { repeatEvery } from "./repeating";

const DAY_MS = 86_400_000;

type Ctx = Pick<ServiceContext, "db" | "config" | "now">;

/** The reward the programme gives, as members read it; null when none is set. */
async function rewardOf(db: Db, program: ReferralProgramRow | undefined): Promise<ReferralReward | null> {
  if (!program) return null;
  if (program.rewardKind === "credits")
    return program.credits ? { kind: "credits", amount: program.credits } : null;
  if (!program.days) return null;
  const tier = program.tierId ? await findActiveTier(db, program.tierId) : undefined;
  return { kind: "days", days: program.days, tierId: tier?.id ?? null, tierName: tier?.displayName ?? null };
}

/** The member's invite page: their code (made on first ask), links, counts and the reward. */
export async function myReferrals(ctx: ServiceContext, userId: string): Promise<MyReferrals> {
  const code = await ensureReferralCode(ctx.db, userId, ctx.now());
  const [program, counts] = await Promise.all([loadReferralProgram(ctx.db), referralCounts(ctx.db, userId)]);
  const enabled = program?.enabled ?? false;
  const telegramLink = telegramStartAppLink(ctx, `${startParams.referral}${code}`);
  const webLink = publicPageLink(ctx, referralPath(code));
  return {
    enabled,
    code,
    link: telegramLink ?? webLink,
    telegramLink,
    webLink,
    ...counts,
    reward: enabled ? await rewardOf(ctx.db, program) : null,
    holdDays: ctx.config.REFERRAL_HOLD_DAYS,
  };
}

/**
 * Attribution at the account's creation, inside the transaction that creates it (decision 114). A
 * person who ever had an account (any of `personKeys` seen, decision 115) brings nobody a referral.
 * A savepoint keeps whatever goes wrong with the code from failing the sign-up: an unknown code, the
 * programme off, the person's own code, or anything else is ignored silently.
 */
export async function attributeNewAccount(
  ctx: Pick<ServiceContext, "now" | "log">,
  tx: Db,
  refereeId: string,
  code: string | undefined,
  personKeys: string[],
): Promise<void> {
  if (!code) return;
  try {
    await tx.transaction(async (savepoint) => {
      if (await personSeen(savepoint, personKeys)) return;
      await attributeReferral(savepoint, { refereeId, code, at: ctx.now() });
    });
  } catch (error) {
    ctx.log.warn("referral not attributed", { error: String(error) });
  }
}

/** The referral code of a Telegram launch (`ref_<code>`), else the web's (`/?ref=`). */
export const launchReferralCode = (startParam: string | undefined, webCode: string | undefined) =>
  referralCodeOfStartParam(startParam) ?? webCode;

/**
 * A friend's paid plan started (a payment's charge, or an approved request for a paid tier): their
 * first one qualifies the referral and the reward falls due REFERRAL_HOLD_DAYS later. Runs inside the
 * transaction that records the payment, so the plan and its qualification are written together.
 */
export const qualifyingPlanStarted = (ctx: Ctx, tx: Db, refereeId: string, chargeId: string) =>
  qualifyReferral(tx, {
    refereeId,
    chargeId,
    at: ctx.now(),
    holdMs: ctx.config.REFERRAL_HOLD_DAYS * DAY_MS,
  });

/** The qualifying payment was refunded before the reward was given: the reward is void. */
export const refundVoidsReferral = (ctx: Ctx, chargeId: string) =>
  voidReferralOfCharge(ctx.db, chargeId, ctx.now());

/** What one side of a referral got, for its message. */
type SideOutcome =
  | { kind: "credits"; amount: string }
  | { kind: "days"; days: number; tierName: string }
  | { kind: "included"; days: number; tierName: string }
  | { kind: "nothing" };

async function giveSide(
  ctx: Ctx,
  tx: Db,
  program: ReferralProgramRow,
  userId: string,
  sourceId: string,
): Promise<SideOutcome> {
  const at = ctx.now();
  if (program.rewardKind === "credits") {
    if (!program.credits) return { kind: "nothing" };
    await addCredits(tx, { userId, amount: program.credits, source: "referral", sourceId, at });
    return { kind: "credits", amount: program.credits };
  }
  const tier = program.tierId ? await findActiveTier(tx, program.tierId) : undefined;
  if (!tier || !program.days) return { kind: "nothing" };
  const given = await grantDays(tx, {
    userId,
    tier,
    days: program.days,
    kind: "referral",
    at,
    reason: tierChangeReasons.referral,
  });
  // The member's plan already includes the tier: no days, and the message says so (decision 114).
  if ("refused" in given) return { kind: "included", days: program.days, tierName: tier.displayName };
  return { kind: "days", days: program.days, tierName: tier.displayName };
}

function rewardText(
  language: Language,
  side: "referrer" | "referee",
  outcome: SideOutcome,
): string | undefined {
  switch (outcome.kind) {
    case "credits":
      return serverText(
        language,
        side === "referrer" ? "referral.referrerCredits" : "referral.refereeCredits",
        {
          amount: outcome.amount,
        },
      );
    case "days":
      return serverText(language, side === "referrer" ? "referral.referrerDays" : "referral.refereeDays", {
        days: outcome.days,
        name: outcome.tierName,
      });
    case "included":
      return serverText(language, "referral.daysIncluded", { days: outcome.days, name: outcome.tierName });
    case "nothing":
      return undefined;
  }
}

/**
 * True when the friend is a person who had an account before they were attributed (decision 115):
 * a key they got after sign-up (a Telegram id linked, an email proven) was seen earlier.
 */
async function refereeSeenBefore(tx: Db, referral: ReferralRow): Promise<boolean> {
  const referee = await findAccountById(tx, referral.refereeId);
  return referee !== undefined && personSeen(tx, await personKeys(tx, referee), referral.attributedAt);
}

/**
 * Gives every reward that is due, each once (decision 114): a due referral is claimed with FOR UPDATE
 * SKIP LOCKED, and in the same transaction both members get the reward the admin set, the referral
 * is marked rewarded and both are told through the outbox (keyed by referral and member). Two runs
 * at once take different rows; a row one of them rewarded is no longer due. A friend who turns out
 * to be a person seen before their attribution voids it instead (decision 115). While the programme
 * is off (or has no reward) nothing is given and due rewards wait. Returns how many were given.
 */
export async function giveDueReferralRewards(ctx: Ctx & Pick<ServiceContext, "log">): Promise<number> {
  let given = 0;
  for (;;) {
    const done = await ctx.db.transaction(async (tx): Promise<"none" | "voided" | "given"> => {
      const program = await loadReferralProgram(tx);
      if (!program?.enabled || !(await rewardOf(tx, program))) return "none";
      const referral = await claimDueReferral(tx, ctx.now());
      if (!referral) return "none";
      const at = ctx.now();
      if (await refereeSeenBefore(tx, referral)) {
        await markVoided(tx, referral.refereeId, at);
        return "voided";
      }
      await markRewarded(tx, referral.refereeId, at);
      const sides = [
        { side: "referee" as const, userId: referral.refereeId },
        ...(referral.referrerId ? [{ side: "referrer" as const, userId: referral.referrerId }] : []),
      ];
      const recipients = await recipientsOf(
        tx,
        sides.map((s) => s.userId),
      );
      const messages: OutboxMessage[] = [];
      for (const { side, userId } of sides) {
        const outcome = await giveSide(ctx, tx, program, userId, referral.refereeId);
        const recipient = recipients.get(userId);
        if (!recipient) continue;
        const language = recipientLanguage(recipient.language);
        const text = rewardText(language, side, outcome);
        if (!text) continue;
        messages.push({
          kind: "referral_reward",
          userId,
          reach: {
            telegramId: recipient.telegramId,
            botWritable: recipient.botWritable,
            verifiedEmail: recipient.verifiedEmail,
          },
          payload: {
            text,
            buttons: [
              { text: serverText(language, "referral.inviteButton"), open: screenPaths.invite },
              { text: serverText(language, "plan.stopButton"), stop: "referral_reward" },
            ],
          },
          dedupeKey: `referral_reward:${referral.refereeId}:${userId}`,
        });
      }
      await enqueue(tx, messages);
      return "given";
    });
    if (done === "none") return given;
    if (done === "given") given++;
  }
}

/** The referral rewards job: every `everyMs` (a minute by default) gives the rewards that are due. */
export function startReferralRewards(ctx: Ctx & Pick<ServiceContext, "log">, log: Logger, everyMs = 60_000) {
  return repeatEvery(
    everyMs,
    async () => {
      await giveDueReferralRewards(ctx);
    },
    (error) => log.warn("referral rewards job failed", { error: String(error) }),
  );
}

const settingsOf = (ctx: Ctx, program: ReferralProgramRow | undefined): ReferralSettings => ({
  enabled: program?.enabled ?? false,
  rewardKind: program?.rewardKind ?? "credits",
  credits: program?.credits ?? null,
  tierId: program?.tierId ?? null,
  days: program?.days ?? null,
  holdDays: ctx.config.REFERRAL_HOLD_DAYS,
});

export const loadReferralSettings = async (ctx: Ctx): Promise<ReferralSettings> =>
  settingsOf(ctx, await loadReferralProgram(ctx.db));

/** An admin sets the programme: on or off, and the reward (credits, or free days on an active tier that costs something). */
export async function saveReferralSettings(
  ctx: Ctx,
  input: UpdateReferralSettings,
): Promise<ReferralSettings> {
  const days = input.rewardKind === "days";
  if (days && input.tierId) {
    const tier = await findActiveTier(ctx.db, input.tierId);
    if (!tier) throw new Refusal("unknown_tier");
    if (costsNothing(tier)) throw new Refusal("days_on_free_tier");
  }
  const saved = await saveReferralProgram(
    ctx.db,
    {
      enabled: input.enabled,
      rewardKind: input.rewardKind,
      credits: days ? null : (input.credits ?? null),
      tierId: days ? (input.tierId ?? null) : null,
      days: days ? (input.days ?? null) : null,
    },
    ctx.now(),
  );
  return settingsOf(ctx, saved);
}

const REFERRALS_SHOWN = 200;
const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function adminReferrals(ctx: Ctx): Promise<AdminReferrals> {
  const [rows, totals] = await Promise.all([listReferrals(ctx.db, REFERRALS_SHOWN), referralTotals(ctx.db)]);
  return {
    referrals: rows.map(({ referral, referrerName, refereeName }) => ({
      refereeId: referral.refereeId,
      refereeName,
      referrerId: referral.referrerId,
      referrerName,
      attributedAt: referral.attributedAt.toISOString(),
      qualifiedAt: iso(referral.qualifiedAt),
      rewardDueAt: iso(referral.rewardDueAt),
      rewardedAt: iso(referral.rewardedAt),
      voidedAt: iso(referral.voidedAt),
    })),
    totals,
  };
}
