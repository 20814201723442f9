import { findAccountById, telegramIdsWithRoles } from "#db/queries/accounts";
import { getNotificationSwitches } from "#db/queries/channel";
import type { Order } from "../contracts/checkout";
import type { ServiceContext } from "./context";

/** What the bot says about orders; the order's number, never its id. */
export const orderNotices = {
  newOrder: (order: Order) => {
    const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
    return `New order #${order.number}: ${items} ${items === 1 ? "item" : "items"}, ${order.total} credits, for ${order.delivery.name} (${order.delivery.state}).`;
  },
  fulfilled: (number: number) => `Your order #${number} has been fulfilled.`,
  cancelled: (number: number) =>
    `Your order #${number} was cancelled. Its credits are back in this month's budget.`,
  memberCancelled: (number: number) =>
    `Order #${number} was cancelled by its member. Its stock is back on the shelf.`,
  lowStock: (title: string, left: number) => `Low stock: ${title} has ${left} left.`,
} as const;

/** A product whose stock went from above the threshold to at or below it. */
export interface StockCrossing {
  title: string;
  left: number;
}

/** Sends each message, logging (not throwing) what Telegram refuses: the order stands either way. */
async function sendAll(ctx: ServiceContext, to: bigint[], text: string) {
  if (!ctx.telegram.enabled) return;
  await Promise.all(
    to.map((telegramId) =>
      ctx.telegram.sendMessage(telegramId, text).catch((error: unknown) => {
        ctx.log.warn("order notice not sent", { error: String(error) });
      }),
    ),
  );
}

/** The switches; a failed read sends nothing rather than failing an order that has committed. */
const switchesOf = (ctx: ServiceContext) =>
  getNotificationSwitches(ctx.db).catch((error: unknown) => {
    ctx.log.warn("order notices skipped", { error: String(error) });
    return { emailNotifications: false, lowStockAlerts: false };
  });

/** Sends in the background, so the answer does not wait for Telegram; nothing at all without a bot. */
const inBackground = (ctx: ServiceContext, send: () => Promise<void>) => {
  if (ctx.telegram.enabled) ctx.background.run("order notices", send);
};

/**
 * After a checkout commits: staff with a Telegram account hear of the order (the order
 * notifications switch, emailNotifications), admins of each low-stock crossing (lowStockAlerts).
 * The switches are read before this returns; the messages go out in the background.
 */
export async function noticeNewOrder(ctx: ServiceContext, order: Order, crossings: StockCrossing[]) {
  const switches = await switchesOf(ctx);
  inBackground(ctx, async () => {
    if (switches.emailNotifications) {
      const staff = await telegramIdsWithRoles(ctx.db, ["admin", "moderator", "employee"]);
      await sendAll(ctx, staff, orderNotices.newOrder(order));
    }
    if (switches.lowStockAlerts && crossings.length > 0) {
      const admins = await telegramIdsWithRoles(ctx.db, ["admin"]);
      for (const crossing of crossings)
        await sendAll(ctx, admins, orderNotices.lowStock(crossing.title, crossing.left));
    }
  });
}

/** A member cancelled their order: staff with a Telegram account hear of it (order notifications switch). */
export async function noticeMemberCancelled(ctx: ServiceContext, number: number) {
  const switches = await switchesOf(ctx);
  if (!switches.emailNotifications) return;
  inBackground(ctx, async () => {
    const staff = await telegramIdsWithRoles(ctx.db, ["admin", "moderator", "employee"]);
    await sendAll(ctx, staff, orderNotices.memberCancelled(number));
  });
}

/** Staff moved the order on: its member hears of it (order notifications switch). */
export async function noticeOrderStatus(
  ctx: ServiceContext,
  order: { userId: string | null; number: number; status: string },
) {
  const switches = await switchesOf(ctx);
  const userId = order.userId;
  if (!switches.emailNotifications || !userId) return;
  inBackground(ctx, async () => {
    const account = await findAccountById(ctx.db, userId);
    if (!account?.telegramId) return;
    const text =
      order.status === "fulfilled"
        ? orderNotices.fulfilled(order.number)
        : orderNotices.cancelled(order.number);
    await sendAll(ctx, [account.telegramId], text);
  });
}
