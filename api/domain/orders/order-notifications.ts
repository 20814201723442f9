import type { Order } from "#api/contracts/checkout";
import type { Language } from "#api/contracts/languages";
import {
  enqueue,
  orderNoticeTexts,
  orderPlacedMail,
  orderStatusMail,
  recipientLanguage,
  tellAdmins,
  tellStaff,
} from "#api/domain/messaging";
import { type AccountRow, findAccountById } from "#db/queries/accounts/accounts";
import { getNotificationSwitches } from "#db/queries/channel/channel";
import type { ServiceContext } from "../context";
import type { MailBody } from "../ports/mailer";

/** A product whose stock went from above the threshold to at or below it. */
export interface StockCrossing {
  title: string;
  left: number;
}

const STAFF = ["admin", "moderator", "employee"] as const;

/** The switches; a failed read sends nothing rather than failing an order that has committed. */
const switchesOf = (ctx: ServiceContext) =>
  getNotificationSwitches(ctx.db).catch((error: unknown) => {
    ctx.log.warn("order notices skipped", { error: String(error) });
    return { orderNotices: false, lowStockAlerts: false };
  });

/** Queued in the background, so the answer does not wait for it. */
const inBackground = (ctx: ServiceContext, queue: () => Promise<void>) =>
  ctx.background.run("order notices", queue);

/** The bot may write to the member, and runs. */
const botReaches = (ctx: ServiceContext, account: AccountRow) =>
  ctx.telegram.enabled && account.telegramId !== null && account.botWritable;

/**
 * Tells the member of their order (kind order_notice): through the bot where it reaches them and
 * `text` is given, else by mail to their address when they want order mail and mail is set up.
 */
async function tellMember(
  ctx: ServiceContext,
  account: AccountRow,
  text: ((language: Language) => string) | undefined,
  mail: (language: Language) => MailBody,
): Promise<void> {
  const language = recipientLanguage(account.language);
  const byBot = text !== undefined && botReaches(ctx, account);
  const to = !botReaches(ctx, account) && account.orderEmails && ctx.mailer ? account.email : null;
  if (!byBot && !to) return;
  const body = mail(language);
  await enqueue(ctx.db, [
    {
      kind: "order_notice",
      userId: account.id,
      reach: { telegramId: byBot ? account.telegramId : null, botWritable: byBot, verifiedEmail: null },
      payload: { text: text ? text(language) : body.text, ...(to ? { to, mail: body } : {}) },
    },
  ]);
}

/**
 * After a checkout commits: staff with a Telegram account hear of the order (the order
 * notifications switch, read as orderNotices), admins of each low-stock crossing (lowStockAlerts),
 * and a member the bot does not reach gets a receipt by mail (the same switch, and their own).
 * The switches are read before this returns; the messages are queued in the background.
 */
export async function noticeNewOrder(
  ctx: ServiceContext,
  userId: string,
  order: Order,
  crossings: StockCrossing[],
) {
  const switches = await switchesOf(ctx);
  inBackground(ctx, async () => {
    if (switches.orderNotices) {
      await tellStaff(ctx, [...STAFF], [(language) => orderNoticeTexts.newOrder(language, order)]);
      const account = await findAccountById(ctx.db, userId);
      if (account)
        await tellMember(ctx, account, undefined, (language) => orderPlacedMail(ctx, language, order));
    }
    if (switches.lowStockAlerts) {
      await tellAdmins(
        ctx,
        crossings.map(
          (crossing) => (language: Language) =>
            orderNoticeTexts.lowStock(language, crossing.title, crossing.left),
        ),
      );
    }
  });
}

/**
 * A member cancelled their order: staff with a Telegram account hear of it, and a member the bot
 * does not reach gets the receipt by mail (order notifications switch).
 */
export async function noticeMemberCancelled(ctx: ServiceContext, userId: string, number: number) {
  const switches = await switchesOf(ctx);
  if (!switches.orderNotices) return;
  inBackground(ctx, async () => {
    await tellStaff(ctx, [...STAFF], [(language) => orderNoticeTexts.memberCancelled(language, number)]);
    const account = await findAccountById(ctx.db, userId);
    if (account)
      await tellMember(ctx, account, undefined, (language) =>
        orderStatusMail(ctx, language, number, "cancelled"),
      );
  });
}

/** Staff moved the order on: its member hears of it, through the bot or by mail (order notifications switch). */
export async function noticeOrderStatus(
  ctx: ServiceContext,
  order: { userId: string | null; number: number; status: "fulfilled" | "cancelled" },
) {
  const switches = await switchesOf(ctx);
  const userId = order.userId;
  if (!switches.orderNotices || !userId) return;
  inBackground(ctx, async () => {
    const account = await findAccountById(ctx.db, userId);
    if (!account) return;
    await tellMember(
      ctx,
      account,
      (language) =>
        order.status === "fulfilled"
          ? orderNoticeTexts.fulfilled(language, order.number)
          : orderNoticeTexts.cancelled(language, order.number),
      (language) => orderStatusMail(ctx, language, order.number, order.status),
    );
  });
}
