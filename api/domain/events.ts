import type { Db } from "#db/client";
import type { ServiceContext } from "./context";

/**
 * What one feature tells the others, by name. A feature that reacts to another's event subscribes
 * to it rather than being called by it; the composition root lists the subscribers
 * (ServiceContext.subscribers).
 */
export interface DomainEvents {
  /**
   * An account was made, inside the transaction that makes it: the referral code it came with (if
   * any) and the keys of the person behind it (decision 115).
   */
  accountCreated: { userId: string; referralCode: string | undefined; personKeys: string[] };
  /**
   * A paid plan was granted, inside the transaction that records it: by a payment (a first one or a
   * renewal; its charge id), or by an admin's approval of a paid tier (`request:<id>`).
   */
  paidPlanGranted: { userId: string; chargeId: string };
  /** A payment that granted a plan was refunded. */
  paidPlanRefunded: { chargeId: string };
  /**
   * A way now reaches a member: they opened the bot, or an address of theirs was proven. Told after
   * the change committed, outside any transaction.
   */
  memberReachable: { userId: string };
  /**
   * A member's tier changed by their own pick (the free path of changePlan), after it committed: the
   * gate approves their pending join requests and sets their tags at once (paid plans are told by
   * paidPlanGranted; every other change reaches the gate through its reconcile job).
   */
  tierChanged: { userId: string };
  /**
   * An account was deleted, inside the transaction that deletes it (its rows are gone): its Telegram,
   * if it had one, which the gate removes from its gated chats at once.
   */
  accountDeleted: { telegramId: bigint | null };
}

type EventName = keyof DomainEvents;

/** One feature's reactions, by event; each runs in the publisher's transaction and fails with it. */
export type Subscribers = {
  [N in EventName]?: (ctx: ServiceContext, tx: Db, event: DomainEvents[N]) => Promise<unknown>;
};

/** Tells every subscriber of `name`, one after another, inside `tx` (the database when none is open). */
export async function publish<N extends EventName>(
  ctx: ServiceContext,
  tx: Db,
  name: N,
  event: DomainEvents[N],
): Promise<void> {
  for (const feature of ctx.subscribers) await feature[name]?.(ctx, tx, event);
}
