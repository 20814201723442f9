import { productPath, startParams } from "#api/contracts/app-links";
import {
  backInStockMail,
  enqueue,
  type OutboxMessage,
  publicPageLink,
  recipientLanguage,
  telegramStartAppLink,
} from "#api/domain/messaging";
import {
  type DueStockAlert,
  returnQueuedStockAlerts,
  stockAlertKey,
  takeDueStockAlerts,
} from "#db/queries/catalogue/stock-alerts";
import type { ServiceContext } from "../context";
import type { Subscribers } from "../events";
import { serverText } from "../i18n/translate";

/** One alert's message in the member's stored language: the bot's line with the product's link, or the mail. */
function backInStockMessage(ctx: ServiceContext, alert: DueStockAlert): OutboxMessage {
  const language = recipientLanguage(alert.language);
  const product = { id: alert.productId, title: alert.title };
  const link =
    telegramStartAppLink(ctx, `${startParams.product}${product.id}`) ??
    publicPageLink(ctx, productPath(product.id)) ??
    "";
  return {
    kind: "back_in_stock",
    userId: alert.userId,
    reach: {
      telegramId: alert.telegramId,
      botWritable: alert.botWritable,
      verifiedEmail: alert.verifiedEmail,
    },
    payload: {
      text: serverText(language, "notice.backInStock", { title: product.title, link }),
      mail: backInStockMail(ctx, language, product),
    },
    dedupeKey: stockAlertKey(alert),
  };
}

/**
 * Queues the messages of the alerts now due, in the outbox (decision 104), which sends each once: of
 * these products after a stock change (and those gone out of stock again take back their queued
 * messages: their members wait for the next restock), or of this member once a way reaches them (a
 * proven address), or all. An alert whose member nothing reaches keeps waiting.
 */
export async function queueStockAlerts(
  ctx: ServiceContext,
  only: { productIds?: string[]; userId?: string } = {},
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (only.productIds) await returnQueuedStockAlerts(tx, only.productIds);
    const due = await takeDueStockAlerts(tx, only);
    await enqueue(
      tx,
      due.map((alert) => backInStockMessage(ctx, alert)),
    );
  });
}

/** The catalogue's reactions: a member a way now reaches gets the alerts that waited for one. */
export const stockAlertSubscribers: Subscribers = {
  memberReachable: (ctx, _tx, { userId }) => queueStockAlerts(ctx, { userId }),
};
