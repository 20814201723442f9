import type { Order } from "#api/contracts/checkout";

/** What the bot says about orders; the order's number, never its id. */
export const orderNoticeTexts = {
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
