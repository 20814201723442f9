import { referralPath, screenPaths, startParams } from "#api/contracts/app-links";
import type { Language } from "#api/contracts/languages";
import type {
  AdminReferrals,
  MyReferrals,
  ReferralSettings,
  UpdateReferralSettings,
} from "#api/contracts/referrals";
import type { Reward } from "#api/contracts/rewards";
import { personKeys, personSeen } from "#api/domain/auth";
import {
  enqueue,
  type OutboxMessage,
  publicPageLink,
  recipientLanguage,
  telegramStartAppLink,
} from "#api/domain/messaging";
import type { Db } from "#db/client";
import { findAccountById } from "#db/queries/accounts/accounts";
import { recipientsOf } from "#db/queries/messaging/recipients";
import { findActiveTier } from "#db/queries/plans/plans";
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
} from "#db/queries/rewards/referrals";
import type { ServiceContext } from "../context";
import type { Subscribers } from "../events";
import { serverText } from "../i18n/translate";
import { checkRewardTier, type Given, giveReward, rewardView } from "./rewards";

const DAY_MS = 86_400_000;

type Ctx = Pick<ServiceContext, "db" | "config" | "now">;

/** The reward the programme gives, as members read it; null when none is set. */
async function rewardOf(db: Db, program: ReferralProgramRow | undefined): Promise<Reward | null> {
  if (!program) return null;
  const tier =
    program.rewardKind === "days" && program.tierId ? await findActiveTier(db, program.tierId) : undefined;
  return rewardView(program, tier);
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
async function attributeNewAccount(
  ctx: Pick<ServiceContext, "now" | "log">,
  tx: Db,
  {
    userId,
    referralCode,
    personKeys,
  }: { userId: string; referralCode: string | undefined; personKeys: string[] },
): Promise<void> {
  if (!referralCode) return;
  try {
    await tx.transaction(async (savepoint) => {
      if (await personSeen(savepoint, personKeys)) return;
      await attributeReferral(savepoint, { refereeId: userId, code: referralCode, at: ctx.now() });
    });
  } catch (error) {
    ctx.log.warn("referral not attributed", { error: String(error) });
  }
}

/**
 * What the programme does on other features' events: a new account is attributed; a friend's first
 * paid plan qualifies the referral, its reward falling due REFERRAL_HOLD_DAYS later (in the
 * transaction that records the plan, so both are written together); the qualifying payment refunded
 * before the reward was given voids it.
 */
export const referralSubscribers: Subscribers = {
  accountCreated: attributeNewAccount,
  paidPlanGranted: (ctx, tx, { userId, chargeId }) =>
    qualifyReferral(tx, {
      refereeId: userId,
      chargeId,
      at: ctx.now(),
      holdMs: ctx.config.REFERRAL_HOLD_DAYS * DAY_MS,
    }),
  paidPlanRefunded: (ctx, tx, { chargeId }) => voidReferralOfCharge(tx, chargeId, ctx.now()),
};

function rewardText(language: Language, side: "referrer" | "referee", outcome: Given): string | undefined {
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
        name: outcome.tier.displayName,
      });
    case "included":
      return serverText(language, "referral.daysIncluded", {
        days: outcome.days,
        name: outcome.tier.displayName,
      });
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
        const outcome = await giveReward(tx, {
          userId,
          reward: program,
          source: "referral",
          sourceId: referral.refereeId,
          at: ctx.now(),
        });
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
  if (days && input.tierId) await checkRewardTier(ctx, input.tierId);
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
