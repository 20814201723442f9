import type { Db } from "#db/client";
import { findAccountById } from "#db/queries/accounts/accounts";
import type { ServiceContext } from "../context";
import type { Subscribers } from "../events";
import { reconcileIn } from "./reconcile";

/** A member's plan changed: their pending requests are approved and their tags set, at once. */
async function reconcileMember(ctx: ServiceContext, tx: Db, userId: string): Promise<void> {
  const account = await findAccountById(tx, userId);
  if (account?.telegramId) await reconcileIn(ctx, tx, account.telegramId);
}

/** The gate's reactions to the plans' events (decision 120), listed by the composition root. */
export const gateSubscribers: Subscribers = {
  paidPlanGranted: (ctx, tx, event) => reconcileMember(ctx, tx, event.userId),
  tierChanged: (ctx, tx, event) => reconcileMember(ctx, tx, event.userId),
  // A deleted account's Telegram gets no wait to link one: it had one, and gave it up.
  accountDeleted: async (ctx, tx, event) => {
    if (event.telegramId !== null) await reconcileIn(ctx, tx, event.telegramId, { noWait: true });
  },
};
