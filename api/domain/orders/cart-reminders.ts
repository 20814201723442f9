import { enqueue, type OutboxMessage, recipientLanguage, stopButton } from "#api/domain/messaging";
import type { Db } from "#db/client";
import { type DueCart, lockDueCarts, markReminded } from "#db/queries/orders/carts";
import type { ServiceContext } from "../context";
import { serverText } from "../i18n/translate";

const HOUR_MS = 3_600_000;
/** Carts reminded per transaction; a run goes on until none is due. */
const BATCH = 200;
/** Lines a reminder names; more are counted ("…and 3 more products"). */
const NAMED_LINES = 10;

/** The Mini App path that opens the cart (the drawer over the shop). */
export const CART_PATH = "/cart";

/** One reminder of a cart, in its member's language: the products in stock, a button to the cart, one to stop. */
export function cartReminder(cart: DueCart): OutboxMessage {
  const language = recipientLanguage(cart.language);
  const named = cart.lines
    .slice(0, NAMED_LINES)
    .map((line) => serverText(language, "cart.reminderLine", { title: line.title, quantity: line.quantity }));
  const more = cart.lines.length - named.length;
  if (more > 0) named.push(serverText(language, "cart.reminderMore", { count: more }));
  return {
    kind: "cart_reminder",
    userId: cart.userId,
    reach: { telegramId: cart.telegramId, botWritable: cart.botWritable, verifiedEmail: cart.verifiedEmail },
    payload: {
      text: serverText(language, "cart.reminder", { items: named.join("\n") }),
      buttons: [
        { text: serverText(language, "cart.reminderOpen"), open: CART_PATH },
        ...stopButton(language, "cart_reminder"),
      ],
    },
    // One reminder per version of a cart, however many processes look at once.
    dedupeKey: `cart:${cart.userId}:${cart.touchedAt.toISOString()}`,
  };
}

/**
 * Queues one reminder for every cart left untouched for CART_REMINDER_HOURS with a product in stock,
 * whose member wants cart reminders and which was not reminded for this version; each cart is
 * marked reminded (reminded_for = touched_at) in the transaction that queues its message, so a
 * cart is called back once per version, and concurrent runs take different carts. Returns how many
 * were queued.
 */
export async function remindCarts(ctx: Pick<ServiceContext, "db" | "config" | "now">): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.CART_REMINDER_HOURS * HOUR_MS);
  let queued = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx: Db) => {
      const due = await lockDueCarts(tx, cutoff, BATCH);
      if (due.length === 0) return 0;
      await markReminded(
        tx,
        due.map((cart) => cart.userId),
      );
      await enqueue(tx, due.map(cartReminder));
      return due.length;
    });
    queued += batch;
    if (batch < BATCH) return queued;
  }
}
