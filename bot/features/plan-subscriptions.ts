import { Composer } from "grammy";
import type { ServiceContext } from "#api/domain/context";
import { followSubscriptionChange } from "#api/domain/plans";
import type { BotContext } from "../context";

/**
 * Telegram's `subscription` update (Bot API 10.2): a member's Stars subscription was canceled,
 * re-activated or its payment failed, and their plan follows at once (decision 119). The update
 * names the subscription by its invoice's payload; one that is not ours is ignored (and logged) in
 * the domain. Nothing is said to the member here: the plan's own reminders do.
 */
export function planSubscriptions(services: ServiceContext) {
  const composer = new Composer<BotContext>();
  composer.on("subscription", async (ctx) => {
    const update = ctx.update.subscription;
    await followSubscriptionChange(services, {
      fromId: update.user.id,
      payload: update.invoice_payload,
      state: update.state,
    });
  });
  return composer;
}
