import type { ChannelInfo } from "#api/contracts/channel";
import { defaultLanguage, type Language } from "#api/contracts/languages";
import { productPriceText } from "#api/contracts/price-text";
import type { Product } from "#api/contracts/products";
import { summary as cutLine } from "#api/domain/channel";
import { serverText } from "#api/domain/i18n/translate";

/** Link previews show about this much of a description; search results a little less. */
const DESCRIPTION_CHARS = 200;

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** One line, cut at a word before `max` characters, with an ellipsis when cut (the share cards' rule). */
export const summary = (text: string, max = DESCRIPTION_CHARS): string => cutLine(text, max);

/**
 * An address a preview card can fetch: absolute already (an S3 or CDN URL), or made absolute from
 * PUBLIC_URL. Never from the request's Host header, which a client chooses: without PUBLIC_URL a
 * relative image is left out.
 */
function absolute(url: string | null | undefined, publicUrl: string | undefined): string | undefined {
  if (!url) return undefined;
  if (/^https?:\/\//i.test(url)) return url;
  return publicUrl ? new URL(url, publicUrl).toString() : undefined;
}

export interface SharedPage {
  channel: ChannelInfo;
  product?: Product;
  /** The page's path (`/`, `/product/<id>`). */
  path: string;
  publicUrl?: string;
  /** The visitor's language, for the words the page adds (not the admin's): English without it. */
  language?: Language;
}

/**
 * The page's description and its preview card for link unfurlers (Open Graph, read by Telegram,
 * WhatsApp, Facebook and others; Twitter's cards): the landing shows the channel, a product page
 * the product with its image. Admin-written words stay as written; the page's own (a product's
 * price line, the landing's line when it has no bullets) are in the visitor's language.
 */
export function shareMeta({
  channel,
  product,
  path,
  publicUrl,
  language = defaultLanguage,
}: SharedPage): string {
  const title = product?.title ?? channel.channelName;
  const bullets = channel.featureBullets.map((bullet) => bullet.text).join(" · ");
  const description = product
    ? summary(
        product.description ||
          serverText(language, "page.priceAt", {
            price: productPriceText(product),
            channel: channel.channelName,
          }),
      )
    : summary(bullets || serverText(language, "page.title"));
  const image = absolute(product ? product.primaryImageUrl : channel.logoUrl, publicUrl);
  const url = publicUrl ? new URL(path, publicUrl).toString() : undefined;
  const tags: [string, string, string | undefined][] = [
    ["name", "description", description],
    ["property", "og:type", product ? "product" : "website"],
    ["property", "og:site_name", channel.channelName],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:url", url],
    ["property", "og:image", image],
    ["property", "og:image:alt", image ? title : undefined],
    ["name", "twitter:card", image && product ? "summary_large_image" : "summary"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
    ["name", "twitter:image", image],
  ];
  return tags
    .filter((tag): tag is [string, string, string] => Boolean(tag[2]))
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`)
    .join("");
}
