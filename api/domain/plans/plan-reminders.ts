import type { Language } from "#api/contracts/languages";
import { tierChangeReasons } from "#api/contracts/plan-payments";
import {
  enqueue,
  type OutboxMessage,
  type OutboxPayload,
  recipientLanguage,
  stopButton,
} from "#api/domain/messaging";
import { type Recipient, recipientsOf } from "#db/queries/messaging/recipients";
import type { EndingGrant } from "#db/queries/plans/plan-grants";
import type { EndedPlan, EndingPlan } from "#db/queries/plans/plan-payments";
import type { OutboxKind } from "#db/schema/index";
import type { ServiceContext } from "../context";
import { serverText } from "../i18n/translate";
import { formatAmount } from "./amount-text";
import {
  type GracePlan,
  grantsEndingSoon,
  plansEndingSoon,
  plansInGrace,
  plansLapsedSince,
} from "./plan-renewals";

/** Where the reminders' button leads: the member's plan, where it is renewed or paid. */
export const MEMBERSHIPS_PATH = "/settings/memberships";

/**
 * How far back a lapse is still announced. Each run looks this far back and the dedupe key (the
 * history row) makes the notice once ever; a lapse older than this (a job that was down for longer,
 * or the first start after an upgrade) is not announced late.
 */
export const LAPSED_NOTICE_WINDOW_MS = 86_400_000;

type PlanKind = Extract<OutboxKind, "plan_ending" | "plan_grace" | "plan_lapsed" | "trial_ending">;

const longDate = (language: Language, date: Date) =>
  new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);

/** The buttons under every plan reminder: to the plan, and one that stops this kind. */
const buttons = (language: Language, kind: PlanKind): OutboxPayload["buttons"] => [
  {
    text: serverText(
      language,
      kind === "plan_lapsed" || kind === "trial_ending" ? "plan.chooseButton" : "plan.renewButton",
    ),
    open: MEMBERSHIPS_PATH,
  },
  ...stopButton(language, kind),
];

/** "Ends on …" (a cancelled renewal), or "the next period is due on … : €25.00" (an invoice plan). */
export function endingPayload(language: Language, plan: EndingPlan): OutboxPayload {
  const date = longDate(language, plan.expiresAt);
  const text =
    plan.currency !== "XTR" && plan.renews
      ? serverText(language, "plan.invoiceReminder", {
          name: plan.tierName,
          date,
          amount: formatAmount(language, plan.amount, plan.currency),
        })
      : serverText(language, "plan.endingReminder", { name: plan.tierName, date });
  return {
    text,
    subject: serverText(language, "plan.endingSubject"),
    buttons: buttons(language, "plan_ending"),
  };
}

export const gracePayload = (language: Language, plan: GracePlan): OutboxPayload => ({
  text: serverText(language, "plan.graceReminder", {
    name: plan.tierName,
    date: longDate(language, plan.lapsesAt),
  }),
  subject: serverText(language, "plan.graceSubject"),
  buttons: buttons(language, "plan_grace"),
});

export const lapsedPayload = (language: Language, plan: EndedPlan): OutboxPayload => ({
  text: serverText(
    language,
    plan.reason === tierChangeReasons.grantEnded ? "plan.freeDaysEndedNotice" : "plan.lapsedNotice",
    { name: plan.tierName ?? "" },
  ),
  subject: serverText(language, "plan.lapsedSubject"),
  buttons: buttons(language, "plan_lapsed"),
});

/** "Your free trial of … ends on …" (or free days from a code or a referral), with a button to pay. */
export const grantEndingPayload = (language: Language, grant: EndingGrant): OutboxPayload => ({
  text: serverText(
    language,
    grant.kind === "trial" ? "plan.trialEndingReminder" : "plan.freeDaysEndingReminder",
    {
      name: grant.tierName,
      date: longDate(language, grant.endsAt),
    },
  ),
  subject: serverText(language, "plan.trialEndingSubject"),
  buttons: buttons(language, "trial_ending"),
});

const reachOf = (recipient: Recipient) => ({
  telegramId: recipient.telegramId,
  botWritable: recipient.botWritable,
  verifiedEmail: recipient.verifiedEmail,
});

/** Counts of newly queued reminders by kind (0 when all were queued before). */
export interface RemindersQueued {
  trialEnding: number;
  ending: number;
  grace: number;
  lapsed: number;
}

/**
 * Queues what is due now (decision 107's questions, decision 109's invoices, decision 111's free
 * days): "your trial ends tomorrow" for free days ending within a day, "ends soon" for a
 * plan ending within three days without renewal (a cancelled renewal; every invoice plan, whose
 * next period is paid by hand), "payment due" for a plan in grace, "your plan ended" for a plan
 * that lapsed unpaid. Only for members whose plan reminders are on. Each goes once ever: its dedupe
 * key names the member and the period's end (`plan_ending:<member>:<ISO end>`, the subscription's
 * key being its member) or the lapse's history row, so two runs at once, or a run every minute,
 * queue it once. The outbox decides the way (the bot's chat, mail to a proven address, or counted
 * unreachable).
 */
export async function enqueuePlanReminders(
  ctx: Pick<ServiceContext, "db" | "config" | "now">,
): Promise<RemindersQueued> {
  const now = ctx.now();
  const [trials, ending, grace, lapsed] = await Promise.all([
    grantsEndingSoon(ctx),
    plansEndingSoon(ctx),
    plansInGrace(ctx),
    plansLapsedSince(ctx, new Date(now.getTime() - LAPSED_NOTICE_WINDOW_MS)),
  ]);
  const recipients = await recipientsOf(
    ctx.db,
    [...trials, ...ending, ...grace, ...lapsed].map((plan) => plan.userId),
  );
  const messages = (kind: PlanKind) => {
    const out: OutboxMessage[] = [];
    return {
      out,
      add(userId: string, dedupeKey: string, payloadOf: (language: Language) => OutboxPayload) {
        const recipient = recipients.get(userId);
        if (!recipient?.planReminders) return;
        const language = recipientLanguage(recipient.language);
        out.push({ kind, userId, reach: reachOf(recipient), payload: payloadOf(language), dedupeKey });
      },
    };
  };
  const trialMessages = messages("trial_ending");
  for (const grant of trials) {
    trialMessages.add(
      grant.userId,
      `trial_ending:${grant.userId}:${grant.endsAt.toISOString()}`,
      (language) => grantEndingPayload(language, grant),
    );
  }
  const endingMessages = messages("plan_ending");
  for (const plan of ending) {
    endingMessages.add(
      plan.userId,
      `plan_ending:${plan.userId}:${plan.expiresAt.toISOString()}`,
      (language) => endingPayload(language, plan),
    );
  }
  const graceMessages = messages("plan_grace");
  for (const plan of grace) {
    graceMessages.add(plan.userId, `plan_grace:${plan.userId}:${plan.expiresAt.toISOString()}`, (language) =>
      gracePayload(language, plan),
    );
  }
  const lapsedMessages = messages("plan_lapsed");
  for (const plan of lapsed) {
    lapsedMessages.add(plan.userId, `plan_lapsed:${plan.historyId}`, (language) =>
      lapsedPayload(language, plan),
    );
  }
  return {
    trialEnding: await enqueue(ctx.db, trialMessages.out),
    ending: await enqueue(ctx.db, endingMessages.out),
    grace: await enqueue(ctx.db, graceMessages.out),
    lapsed: await enqueue(ctx.db, lapsedMessages.out),
  };
}
