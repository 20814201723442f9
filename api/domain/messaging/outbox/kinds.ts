import type { Language } from "#api/contracts/languages";
import type { NotificationSwitch } from "#db/queries/messaging/bot-reach";
import type { OutboxKind } from "#db/schema/index";
import { type ServerTextKey, serverText } from "../../i18n/translate";
import type { OutboxButton } from "./enqueue";

/** What the outbox does with one kind of message (decision 104); one entry per kind, nowhere else. */
export interface OutboxKindRules {
  /** The member's switch (Settings › Notifications) the kind obeys; none: it always goes. */
  switch: NotificationSwitch | undefined;
  /**
   * Sent again when its call was in flight as its process died (the call may have landed): a second
   * copy is harmless, a missing one is not. False: counted "uncertain", never sent twice (broadcasts).
   */
  resendWhenUncertain: boolean;
  /** A member the bot may not write to gets it by mail at a proven address; false: the bot's chat only. */
  mailFallback: boolean;
  /** The label of the button under it that turns its switch off; none: it has no stop button. */
  stopText: ServerTextKey | undefined;
}

const planReminder: OutboxKindRules = {
  switch: "planReminders",
  resendWhenUncertain: true,
  mailFallback: true,
  stopText: "plan.stopButton",
};

/**
 * A message about the reader's own business (an order, an alert they asked for, a reply, a staff
 * notice, a link they asked for): no switch, no stop.
 */
const personal = (mailFallback: boolean): OutboxKindRules => ({
  switch: undefined,
  resendWhenUncertain: true,
  mailFallback,
  stopText: undefined,
});

export const outboxKinds: Readonly<Record<OutboxKind, OutboxKindRules>> = {
  broadcast: {
    switch: "newsMessages",
    resendWhenUncertain: false,
    mailFallback: false,
    stopText: "broadcast.stopNews",
  },
  plan_ending: planReminder,
  plan_grace: planReminder,
  plan_lapsed: planReminder,
  trial_ending: { ...planReminder, mailFallback: false },
  referral_reward: { ...planReminder, mailFallback: false },
  cart_reminder: {
    switch: "cartReminders",
    resendWhenUncertain: true,
    mailFallback: false,
    stopText: "cart.reminderStop",
  },
  support_reply: personal(true),
  back_in_stock: personal(true),
  order_notice: personal(true),
  staff_notice: personal(false),
  // Mailed only to the address the link is for (payload.to), never to another proven one.
  password_reset: personal(true),
  email_verification: personal(true),
  // The gate (decision 120): its Bot API calls (idempotent: a retry after an uncertain call is
  // harmless), the notice of a removal, and the answer to a join request.
  chat_action: personal(false),
  chat_removed: personal(false),
  join_request: personal(false),
};

/** The kinds sent again when their call may have landed (outboxKinds' resendWhenUncertain). */
export const RESEND_WHEN_UNCERTAIN: readonly OutboxKind[] = (Object.keys(outboxKinds) as OutboxKind[]).filter(
  (kind) => outboxKinds[kind].resendWhenUncertain,
);

/** The kind's stop button in `language`, or none when the kind has no switch to stop. */
export function stopButton(language: Language, kind: OutboxKind): OutboxButton[] {
  const text = outboxKinds[kind].stopText;
  return text ? [{ text: serverText(language, text), stop: kind }] : [];
}

/** Tries a row gets (5xx, network, a lease that ended mid-call) before it fails. */
export const MAX_TRIES = 5;
