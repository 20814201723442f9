import type { Order } from "#api/contracts/checkout";
import type { AccountRow } from "#db/queries/accounts";
import type { ServiceContext } from "../context";
import type { MailMessage } from "../ports/mailer";
import { publicPageLink } from "./app-links";
import { orderNoticeTexts } from "./order-notice-texts";

/**
 * Mail to members the bot does not reach (no Telegram account, or no bot running): order receipts
 * and back-in-stock alerts, each in plain text and HTML, linking to the app at PUBLIC_URL.
 */
interface MemberMail {
  subject: string;
  paragraphs: string[];
  /** The button: a page of the app; left out without PUBLIC_URL. */
  action: { label: string; path: string };
  /** Why this mail came, and how to stop it. */
  footer: { text: string; path?: string };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail as sent: the text part carries every link in full; the HTML part is the same words. */
function render(ctx: ServiceContext, to: string, mail: MemberMail): MailMessage {
  const action = publicPageLink(ctx, mail.action.path);
  const footerLink = mail.footer.path ? publicPageLink(ctx, mail.footer.path) : null;
  const text = [
    ...mail.paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${mail.action.label}: ${action}`, ""] : []),
    "--",
    footerLink ? `${mail.footer.text} ${footerLink}` : mail.footer.text,
  ].join("\n");
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
    ...mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#2481cc;color:#fff;text-decoration:none">${escapeHtml(mail.action.label)}</a></p>`
      : "",
    `<p style="color:#666;font-size:13px">${escapeHtml(mail.footer.text)}${
      footerLink ? ` <a href="${escapeHtml(footerLink)}">${escapeHtml(footerLink)}</a>` : ""
    }</p>`,
    "</body></html>",
  ].join("\n");
  return { to, subject: mail.subject, text, html };
}

/** The account's address when mail is how it hears from the shop: the bot does not reach it. */
export function mailAddressOf(ctx: ServiceContext, account: AccountRow): string | null {
  if (!ctx.mailer || !account.email) return null;
  if (ctx.telegram.enabled && account.telegramId !== null) return null;
  return account.email;
}

const orderFooter = {
  text: 'You get these mails because "Email me about orders" is on. Turn it off in Settings, Notifications:',
  path: "/settings/notifications",
};

const itemsOf = (order: Order) => order.lines.reduce((sum, line) => sum + line.quantity, 0);

export const orderPlacedMail = (ctx: ServiceContext, to: string, order: Order) =>
  render(ctx, to, {
    subject: `Order #${order.number} placed`,
    paragraphs: [
      `Your order #${order.number} is placed: ${itemsOf(order)} ${itemsOf(order) === 1 ? "item" : "items"}, ${order.total} credits.`,
      ...order.lines.map((line) => `${line.quantity} × ${line.title}: ${line.subtotal} credits`),
      `Delivery to ${order.delivery.name}, ${order.delivery.address}, ${order.delivery.state}.`,
      "You can cancel it from Purchases while it is placed.",
    ],
    action: { label: "See your purchases", path: "/settings/purchases" },
    footer: orderFooter,
  });

export const orderStatusMail = (
  ctx: ServiceContext,
  to: string,
  number: number,
  status: "fulfilled" | "cancelled",
) =>
  render(ctx, to, {
    subject: `Order #${number} ${status}`,
    paragraphs: [
      status === "fulfilled" ? orderNoticeTexts.fulfilled(number) : orderNoticeTexts.cancelled(number),
    ],
    action: { label: "See your purchases", path: "/settings/purchases" },
    footer: orderFooter,
  });

export const backInStockMail = (ctx: ServiceContext, to: string, product: { id: string; title: string }) =>
  render(ctx, to, {
    subject: `${product.title} is back in stock`,
    paragraphs: [`${product.title} is back in stock.`],
    action: { label: "Open it in the shop", path: `/product/${product.id}` },
    footer: { text: "You asked to hear when it came back; this is the only message about it." },
  });
