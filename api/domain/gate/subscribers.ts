import type { Db } from "#db/client";
import { findAccountById } from "#db/queries/accounts/accounts";
import type { ServiceContext } from "../context";
import type { Subscribers } from "../events";
import { reconcileIn } from "./reconcile";

/** A member's plan changed: their pending requests are approved and their tags set, at once. */
async function reconcileMember(ctx: ServiceContext, tx: Db, userId: string): Promise<void> {
  const account = await findAccountById(tx, userId);
  const telegramId = account?.telegramId;
  // Its own savepoint (or transaction): the claims and the outbox rows they make commit together.
  if (telegramId) await tx.transaction((inner) => reconcileIn(ctx, inner, telegramId));
}

/** The gate's reactions to the plans' events (decision 120), listed by the composition root. */
export const gateSubscribers: Subscribers = {
  paidPlanGranted: (ctx, tx, event) => reconcileMember(ctx, tx, event.userId),
  tierChanged: (ctx, tx, event) => reconcileMember(ctx, tx, event.userId),
  // A deleted account's Telegram gets no wait to link one: it had one, and gave it up.
  accountDeleted: async (ctx, tx, event) => {
    const telegramId = event.telegramId;
    if (telegramId !== null)
      await tx.transaction((inner) => reconcileIn(ctx, inner, telegramId, { noWait: true }));
  },
};
