import type { NotificationSwitch } from "#db/queries/bot-reach";
import type { OutboxKind } from "#db/schema/index";

/** The member's switch (Settings › Notifications) each kind obeys; support replies always go. */
export const KIND_SWITCH: Readonly<Record<OutboxKind, NotificationSwitch | undefined>> = {
  broadcast: "newsMessages",
  plan_ending: "planReminders",
  plan_grace: "planReminders",
  plan_lapsed: "planReminders",
  cart_reminder: "cartReminders",
  support_reply: undefined,
  trial_ending: "planReminders",
  referral_reward: "planReminders",
};

/**
 * Kinds sent again when their call was in flight as their process died (the call may have landed):
 * a second reminder or reply is harmless, a missing one is not. The others (broadcasts) are counted
 * "uncertain" instead: a member never gets one broadcast twice (decision 104).
 */
export const RESEND_WHEN_UNCERTAIN: readonly OutboxKind[] = [
  "plan_ending",
  "plan_grace",
  "plan_lapsed",
  "cart_reminder",
  "support_reply",
  "trial_ending",
  "referral_reward",
];

/** Tries a row gets (5xx, network, a lease that ended mid-call) before it fails. */
export const MAX_TRIES = 5;
