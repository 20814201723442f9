import type { Order } from "#api/contracts/checkout";
import type { Language } from "#api/contracts/languages";
import { serverText } from "../i18n/translate";

/** An amount of credits ("12.50", two decimals) as `language` writes it, without grouping. */
export const creditsText = (language: Language, amount: string) =>
  new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(Number(amount));

export const itemsOf = (order: Order) => order.lines.reduce((sum, line) => sum + line.quantity, 0);

/** What the bot says about orders, in the recipient's language; the order's number, never its id. */
export const orderNoticeTexts = {
  newOrder: (language: Language, order: Order) =>
    serverText(language, "notice.newOrder", {
      number: String(order.number),
      items: itemsOf(order),
      total: creditsText(language, order.total),
      name: order.delivery.name,
      state: order.delivery.state,
    }),
  fulfilled: (language: Language, number: number) =>
    serverText(language, "notice.fulfilled", { number: String(number) }),
  cancelled: (language: Language, number: number) =>
    serverText(language, "notice.cancelled", { number: String(number) }),
  memberCancelled: (language: Language, number: number) =>
    serverText(language, "notice.memberCancelled", { number: String(number) }),
  lowStock: (language: Language, title: string, left: number) =>
    serverText(language, "notice.lowStock", { title, left: String(left) }),
} as const;
