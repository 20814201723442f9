import { messagePath, productPath, startParams } from "#api/contracts/app-links";
import { toCents } from "#api/contracts/cents";
import { isUuid } from "#api/contracts/ids";
import type { Language } from "#api/contracts/languages";
import { formatCurrencyCents, groupedAmount } from "#api/contracts/price-text";
import { type LimitRule, reserveAttempt } from "#api/domain/auth";
import { publicPageLink, recipientLanguage, telegramStartAppLink } from "#api/domain/messaging";
import type { Db } from "#db/client";
import { findAccountById } from "#db/queries/accounts/accounts";
import { findActiveProduct, type ProductRow, searchListedProducts } from "#db/queries/catalogue/products";
import type { ServiceContext } from "../context";
import { serverText } from "../i18n/translate";
import type { ShareCard } from "../ports/telegram-notifier";
import { Refusal } from "../refusal";
import { readChannelName } from "./channel-info";
import { assertReadable } from "./post-access";

/** Inline mode answers this many results a page (Telegram takes at most 50). */
export const INLINE_PAGE = 20;
/** A card shows this much of a product's description. */
const CARD_DESCRIPTION_CHARS = 200;
/** The inline list's line under a title. */
const LIST_DESCRIPTION_CHARS = 90;

/**
 * Preparing a message asks Telegram each time: a member may prepare this many a minute, which no
 * person tapping Share reaches (decision 110).
 */
const shareLimit: LimitRule = { scope: "share:member", limit: 20, windowMs: 60_000 };

const escapeHtml = (text: string) =>
  text.replace(/[&<>]/g, (char) => (char === "&" ? "&amp;" : char === "<" ? "&lt;" : "&gt;"));

/** One line, cut at a word before `max` characters, with an ellipsis when cut. */
export function summary(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}

/**
 * A picture Telegram can fetch: an absolute https URL as stored (S3, a CDN), or a path of ours made
 * absolute from PUBLIC_URL when that is https. Never from a request's Host header; else none.
 */
function httpsPicture(url: string | null, publicUrl: string | undefined): string | undefined {
  if (!url) return undefined;
  if (/^https:\/\//i.test(url)) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || !publicUrl?.startsWith("https://")) return undefined;
  return new URL(url, publicUrl).toString();
}

/** The product's price as a member reads it: credits in their language, a store item's money price. */
function priceText(row: ProductRow, language: Language): string {
  if (row.storefrontPrice && row.storefrontCurrency)
    return formatCurrencyCents(toCents(row.storefrontPrice), row.storefrontCurrency);
  return serverText(language, "share.credits", { amount: groupedAmount(toCents(row.creditPrice)) });
}

/** Where the card's button opens the Mini App: the bot's startapp link, else the app's page. */
function openLink(ctx: ServiceContext, startParam: string, path: string): string | undefined {
  return telegramStartAppLink(ctx, startParam) ?? publicPageLink(ctx, path) ?? undefined;
}

/**
 * A product as a card (the one shape inline mode and Share send): its picture above the text when it
 * has one Telegram can fetch, its title, price and short description, and "Open in shop". The
 * admin's words stay as written; ours (the price's unit, the button) are in `language`.
 */
export function productCard(ctx: ServiceContext, row: ProductRow, language: Language): ShareCard | undefined {
  const url = openLink(ctx, `${startParams.product}${row.id}`, productPath(row.id));
  if (!url) return undefined;
  const price = priceText(row, language);
  const description = row.description ? summary(row.description, CARD_DESCRIPTION_CHARS) : "";
  const picture = httpsPicture(row.primaryImageUrl, ctx.config.PUBLIC_URL);
  return {
    id: row.id,
    title: row.title,
    description: description ? `${price} · ${summary(description, LIST_DESCRIPTION_CHARS)}` : price,
    ...(picture ? { thumbnailUrl: picture, pictureUrl: picture } : {}),
    html: [
      `<b>${escapeHtml(row.title)}</b>`,
      escapeHtml(price),
      ...(description ? ["", escapeHtml(description)] : []),
    ].join("\n"),
    button: { text: serverText(language, "share.openInShop"), url },
  };
}

/**
 * A feed post as a card: posts are for members, so the card carries none of the post's words or
 * media, only the channel's name and a button that opens the post (sign-in and the age gate first).
 */
function postCard(ctx: ServiceContext, id: string, channelName: string, language: Language): ShareCard {
  const url = openLink(ctx, `${startParams.message}${id}`, messagePath(id)) ?? "";
  const text = serverText(language, "share.postText", { channelName });
  return {
    id,
    title: serverText(language, "share.postTitle", { channelName }),
    description: text,
    html: `<b>${escapeHtml(channelName)}</b>\n${escapeHtml(text)}`,
    button: { text: serverText(language, "share.openPost"), url },
  };
}

/** One page of inline mode's answer and the offset of the next ("" when it is the last). */
export interface InlinePage {
  cards: ShareCard[];
  nextOffset: string;
}

/**
 * `@bot <words>` in any chat: active products whose title or description holds the words (the
 * newest when there are none), a page at a time; never anything for members only (decision 110).
 */
export async function inlineProducts(
  ctx: ServiceContext,
  query: { text: string; offset: string; language: Language },
): Promise<InlinePage> {
  const offset = /^\d{1,6}$/.test(query.offset) ? Number(query.offset) : 0;
  const rows = await searchListedProducts(ctx.db, {
    text: query.text.slice(0, 64),
    offset,
    limit: INLINE_PAGE,
  });
  const cards = rows.slice(0, INLINE_PAGE).flatMap((row) => productCard(ctx, row, query.language) ?? []);
  return { cards, nextOffset: rows.length > INLINE_PAGE ? String(offset + INLINE_PAGE) : "" };
}

/** The member's Telegram id and language, once the bot can prepare messages at all. */
async function sharer(ctx: ServiceContext, db: Db, userId: string) {
  if (!ctx.telegram.enabled) throw new Refusal("share_unavailable");
  const account = await findAccountById(db, userId);
  if (!account?.telegramId) throw new Refusal("share_needs_telegram");
  return { telegramId: account.telegramId, language: recipientLanguage(account.language) };
}

/** Counts the attempt, then asks Telegram to store the card for the member's Mini App. */
async function prepare(
  ctx: ServiceContext,
  userId: string,
  telegramId: bigint,
  card: ShareCard,
): Promise<{ preparedMessageId: string }> {
  await reserveAttempt(ctx.db, ctx.now(), [shareLimit, userId]);
  try {
    return { preparedMessageId: await ctx.telegram.prepareShare(telegramId, card) };
  } catch (error) {
    ctx.log.warn("share not prepared", { error: String(error) });
    throw new Refusal("share_failed");
  }
}

/**
 * Share on a product in the Mini App: the product's card prepared for the member's shareMessage.
 * Refusals: product_not_found (unknown or inactive), share_unavailable (the bot is off),
 * share_needs_telegram (no Telegram account), rate_limited, share_failed (Telegram refused).
 */
export async function prepareProductShare(ctx: ServiceContext, userId: string, productId: string) {
  const row = isUuid(productId) ? await findActiveProduct(ctx.db, productId) : undefined;
  if (!row) throw new Refusal("product_not_found");
  const { telegramId, language } = await sharer(ctx, ctx.db, userId);
  const card = productCard(ctx, row, language);
  if (!card) throw new Refusal("share_unavailable");
  return prepare(ctx, userId, telegramId, card);
}

/**
 * Share on a feed post: its card (no words of the post) for the member's shareMessage. A post they
 * may not read is not theirs to share (post_locked, decision 118).
 */
export async function preparePostShare(ctx: ServiceContext, userId: string, messageId: string) {
  await assertReadable(ctx, messageId, userId);
  const { telegramId, language } = await sharer(ctx, ctx.db, userId);
  const card = postCard(ctx, messageId.toLowerCase(), await readChannelName(ctx), language);
  return prepare(ctx, userId, telegramId, card);
}
