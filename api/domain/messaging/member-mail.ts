import { productPath } from "#api/contracts/app-links";
import type { Order } from "#api/contracts/checkout";
import type { Language } from "#api/contracts/languages";
import type { ServiceContext } from "../context";
import { serverText } from "../i18n/translate";
import type { MailBody } from "../ports/mailer";
import { publicPageLink } from "./app-links";
import { creditsText, itemsOf, orderNoticeTexts } from "./order-notice-texts";

/**
 * Mail to members the bot does not reach (no Telegram account, or no bot running): order receipts
 * and back-in-stock alerts, each in plain text and HTML, linking to the app at PUBLIC_URL; worded in
 * the member's stored language (recipientLanguage), amounts through Intl in it.
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
function render(ctx: ServiceContext, mail: MemberMail): MailBody {
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
  return { subject: mail.subject, text, html };
}

const orderFooter = (language: Language) => ({
  text: serverText(language, "mail.orderFooter"),
  path: "/settings/notifications",
});

const purchases = (language: Language) => ({
  label: serverText(language, "mail.seePurchases"),
  path: "/settings/purchases",
});

export const orderPlacedMail = (ctx: ServiceContext, language: Language, order: Order) =>
  render(ctx, {
    subject: serverText(language, "mail.orderPlacedSubject", { number: String(order.number) }),
    paragraphs: [
      serverText(language, "mail.orderPlaced", {
        number: String(order.number),
        items: itemsOf(order),
        total: creditsText(language, order.total),
      }),
      ...order.lines.map((line) =>
        serverText(language, "mail.orderLine", {
          quantity: String(line.quantity),
          title: line.title,
          subtotal: creditsText(language, line.subtotal),
        }),
      ),
      serverText(language, "mail.delivery", { ...order.delivery }),
      serverText(language, "mail.canCancel"),
    ],
    action: purchases(language),
    footer: orderFooter(language),
  });

export const orderStatusMail = (
  ctx: ServiceContext,
  language: Language,
  number: number,
  status: "fulfilled" | "cancelled",
) =>
  render(ctx, {
    subject: serverText(
      language,
      status === "fulfilled" ? "mail.orderFulfilledSubject" : "mail.orderCancelledSubject",
      { number: String(number) },
    ),
    paragraphs: [
      status === "fulfilled"
        ? orderNoticeTexts.fulfilled(language, number)
        : orderNoticeTexts.cancelled(language, number),
    ],
    action: purchases(language),
    footer: orderFooter(language),
  });

export const backInStockMail = (
  ctx: ServiceContext,
  language: Language,
  product: { id: string; title: string },
) =>
  render(ctx, {
    subject: serverText(language, "mail.backInStockSubject", { title: product.title }),
    paragraphs: [serverText(language, "mail.backInStock", { title: product.title })],
    action: { label: serverText(language, "mail.openInShop"), path: productPath(product.id) },
    footer: { text: serverText(language, "mail.backInStockFooter") },
  });
