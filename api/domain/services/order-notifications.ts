import type { Order } from "#api/contracts/checkout";
import type { Language } from "#api/contracts/languages";
import { type AccountRow, findAccountById, telegramIdsWithRoles } from "#db/queries/accounts";
import { getNotificationSwitches } from "#db/queries/channel";
import type { ServiceContext } from "../context";
import type { MailBody } from "../ports/mailer";
import { mailAddressOf, orderPlacedMail, orderStatusMail } from "./member-mail";
import { orderNoticeTexts } from "./order-notice-texts";
import { recipientLanguage } from "./recipient-language";
import { sendAll, tellAdmins } from "./staff-notices";

/** A product whose stock went from above the threshold to at or below it. */
export interface StockCrossing {
  title: string;
  left: number;
}

/** The switches; a failed read sends nothing rather than failing an order that has committed. */
const switchesOf = (ctx: ServiceContext) =>
  getNotificationSwitches(ctx.db).catch((error: unknown) => {
    ctx.log.warn("order notices skipped", { error: String(error) });
    return { orderNotices: false, lowStockAlerts: false };
  });

/** Sends in the background, so the answer does not wait for Telegram or SMTP; nothing without either. */
const inBackground = (ctx: ServiceContext, send: () => Promise<void>) => {
  if (ctx.telegram.enabled || ctx.mailer) ctx.background.run("order notices", send);
};

/** Mails the member a receipt when mail is how they hear from the shop and they want order mail. */
async function mailMember(
  ctx: ServiceContext,
  account: AccountRow | string | undefined,
  mail: (language: Language) => MailBody,
): Promise<void> {
  const row = typeof account === "string" ? await findAccountById(ctx.db, account) : account;
  const to = row?.orderEmails ? mailAddressOf(ctx, row) : null;
  if (!row || !to || !ctx.mailer) return;
  await ctx.mailer.send({ to, ...mail(recipientLanguage(row.language)) }).catch((error: unknown) => {
    ctx.log.warn("order mail not sent", { error: String(error) });
  });
}

/**
 * After a checkout commits: staff with a Telegram account hear of the order (the order
 * notifications switch, read as orderNotices), admins of each low-stock crossing (lowStockAlerts),
 * and a member the bot does not reach gets a receipt by mail (the same switch, and their own).
 * The switches are read before this returns; the messages go out in the background.
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
      const staff = await telegramIdsWithRoles(ctx.db, ["admin", "moderator", "employee"]);
      await sendAll(ctx, staff, (language) => orderNoticeTexts.newOrder(language, order));
      await mailMember(ctx, userId, (language) => orderPlacedMail(ctx, language, order));
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
    const staff = await telegramIdsWithRoles(ctx.db, ["admin", "moderator", "employee"]);
    await sendAll(ctx, staff, (language) => orderNoticeTexts.memberCancelled(language, number));
    await mailMember(ctx, userId, (language) => orderStatusMail(ctx, language, number, "cancelled"));
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
    if (ctx.telegram.enabled && account.telegramId !== null) {
      const text = (language: Language) =>
        order.status === "fulfilled"
          ? orderNoticeTexts.fulfilled(language, order.number)
          : orderNoticeTexts.cancelled(language, order.number);
      await sendAll(ctx, [{ telegramId: account.telegramId, language: account.language }], text);
    } else
      await mailMember(ctx, account, (language) =>
        orderStatusMail(ctx, language, order.number, order.status),
      );
  });
}
