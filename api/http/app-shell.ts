import type { ChannelInfo } from "#api/contracts/channel";
import { defaultLanguage, type Language, textDirection } from "#api/contracts/languages";
import { productPriceText } from "#api/contracts/price-text";
import type { Product } from "#api/contracts/products";
import { serverText } from "#api/domain/i18n/translate";
import { escapeHtml, shareMeta } from "./share-meta";

/** What the first HTML of a page carries, so the first paint shows content before any script runs. */
export interface ShellData {
  channel: ChannelInfo;
  /** A session cookie came with the request: the member's home rather than the landing. */
  signedIn: boolean;
  /** The product a /product/:id page opens. */
  product?: Product;
  /** The page's path, for its preview card's address. */
  path: string;
  /** PUBLIC_URL: the preview card's absolute addresses come from it. */
  publicUrl?: string;
  /** The page's language (`<html lang dir>`, the drawn words, the boot data); English without it. */
  language?: Language;
}

export const SHELL_START = "<!--app-shell-->";
export const SHELL_END = "<!--/app-shell-->";
export const DEFAULT_LOGO = "/default-logo.svg";
/**
 * The first screen's largest image is marked for Element Timing: the app's scripts start once the
 * browser reports it painted (miniapp/build-plugins.ts, startAfterFirstPaint).
 */
const LARGEST_IMAGE = "first-screen";

/** JSON inside <script>: no "</script>" or "<!--" can end or bend the element. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

function hero(channel: ChannelInfo): string {
  if (channel.heroVideoUrl) {
    return `<div class="landing-hero"><video class="landing-hero-media" src="${escapeHtml(channel.heroVideoUrl)}" muted autoplay loop playsinline preload="auto"></video></div>`;
  }
  if (channel.logoUrl) {
    return `<div class="landing-hero"><img class="landing-hero-media landing-hero-logo" src="${escapeHtml(channel.logoUrl)}" alt="" fetchpriority="high" elementtiming="${LARGEST_IMAGE}"></div>`;
  }
  return `<div class="landing-hero landing-hero-placeholder"><img class="landing-hero-default" src="${DEFAULT_LOGO}" alt="" width="96" height="96"></div>`;
}

function channelBlock(channel: ChannelInfo, language: Language): string {
  const name = escapeHtml(channel.channelName);
  const username = channel.channelUsername
    ? `<p class="channel-username">@${escapeHtml(channel.channelUsername.replace(/^@/, ""))}</p>`
    : "";
  return `<section class="channel-header"><img class="channel-logo" src="${escapeHtml(channel.logoUrl ?? DEFAULT_LOGO)}" alt="${escapeHtml(serverText(language, "page.logoAlt", { name: channel.channelName }))}" width="88" height="88" fetchpriority="high"><h1 class="channel-name">${name}</h1>${username}<p class="channel-members">${escapeHtml(serverText(language, "page.members", { count: String(channel.memberCount).trim() }))}</p></section>`;
}

// lucide's ArrowLeft and ZoomIn, as the product page renders them.
const ARROW_LEFT =
  '<svg xmlns="http://www.w3.org/2000/svg" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-arrow-left" aria-hidden="true"><path d="m12 19-7-7 7-7"></path><path d="M19 12H5"></path></svg>';
const ZOOM_IN =
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-zoom-in" aria-hidden="true"><circle cx="11" cy="11" r="8"></circle><line x1="21" x2="16.65" y1="21" y2="16.65"></line><line x1="11" x2="11" y1="8" y2="14"></line><line x1="8" x2="14" y1="11" y2="11"></line></svg>';

/**
 * The product page's first screen: back link, image (the page's largest paint, drawn here so it
 * needs no script), title, stock, price and description. The quantity stepper, the strain badge,
 * the details and the Add to Cart bar come with the app.
 */
function productScreen(product: Product, language: Language): string {
  const title = escapeHtml(product.title);
  const image = product.primaryImageUrl
    ? `<div class="product-hero"><img class="product-hero-image" src="${escapeHtml(product.primaryImageUrl)}" alt="${title}" fetchpriority="high" elementtiming="${LARGEST_IMAGE}"><span class="product-hero-hint" aria-hidden="true">${ZOOM_IN}</span></div>`
    : "";
  const stock = product.stockQuantity;
  const description = product.description
    ? `<p class="product-description">${escapeHtml(product.description)}</p>`
    : "";
  return `<article class="page product-page"><a class="icon-button page-back product-back" aria-label="${escapeHtml(serverText(language, "page.back"))}" href="/">${ARROW_LEFT}</a>${image}<div class="product-summary"><h1 class="product-title">${title}</h1><div class="product-meta"><span class="${stock > 0 ? "stock" : "stock stock-out"}">${escapeHtml(stock > 0 ? serverText(language, "page.inStock", { count: String(stock) }) : serverText(language, "page.outOfStock"))}</span></div><div class="product-buy-row"><p class="product-price">${escapeHtml(productPriceText(product))}</p></div></div>${description}</article>`;
}

function firstScreen({ channel, signedIn, product }: ShellData, language: Language): string {
  if (product) return productScreen(product, language);
  if (signedIn) return `<div class="page home-page">${channelBlock(channel, language)}</div>`;
  const bullets = channel.featureBullets
    .map(
      (bullet) =>
        `<li><span aria-hidden="true">${escapeHtml(bullet.emoji)}</span> ${escapeHtml(bullet.text)}</li>`,
    )
    .join("");
  return `<div class="landing">${hero(channel)}${channelBlock(channel, language)}<ul class="landing-bullets">${bullets}</ul></div>`;
}

/** The root element speaks the page's language: its `lang`, and `dir` (Arabic runs right to left). */
const withLanguage = (html: string, language: Language): string =>
  html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
    const rest = attributes.replace(/\s(?:lang|dir)="[^"]*"/gi, "");
    return `<html lang="${language}" dir="${textDirection(language)}"${rest}>`;
  });

/**
 * The built index.html with the first screen drawn in (the same markup and classes React renders,
 * which it then replaces) and the data behind it as JSON the app starts from, so the largest paint
 * of the landing and of a product page needs neither the scripts nor an API round trip. The app's
 * scripts start once this has painted (miniapp/build-plugins.ts, startAfterFirstPaint).
 */
export function renderAppShell(template: string, data: ShellData): string {
  const start = template.indexOf(SHELL_START);
  const end = template.indexOf(SHELL_END);
  if (start < 0 || end < start) return template;
  const language = data.language ?? defaultLanguage;
  // signedIn tells the app whether to ask GET /api/me at all: a visitor without a session cookie
  // is signed out, and asking would only log a 401 in their console.
  const boot = {
    channel: data.channel,
    signedIn: data.signedIn,
    ...(data.product ? { product: data.product } : {}),
    language,
  };
  const head = [
    `<title>${escapeHtml(data.product?.title ?? data.channel.channelName)}</title>`,
    shareMeta({ ...data, language }),
    data.product?.primaryImageUrl
      ? `<link rel="preload" as="image" href="${escapeHtml(data.product.primaryImageUrl)}" fetchpriority="high">`
      : "",
    `<script type="application/json" id="boot-data">${scriptJson(boot)}</script>`,
  ].join("");
  const body = `<header class="app-header"><div class="app-header-inner"></div></header><main class="app-main">${firstScreen(data, language)}</main>`;
  // Spliced, never String.replace with the text as replacement: admin text and the request's path
  // reach head and body, and `$&`, `` $` ``, `$'` or `$1` in them must stay what they are.
  const headEnd = template.indexOf("</head>", 0);
  if (headEnd < 0 || headEnd > start)
    return withLanguage(template.slice(0, start), language) + body + template.slice(end + SHELL_END.length);
  const templateHead = withLanguage(
    template.slice(0, headEnd).replace(/<title>[^<]*<\/title>/, ""),
    language,
  );
  return templateHead + head + template.slice(headEnd, start) + body + template.slice(end + SHELL_END.length);
}
