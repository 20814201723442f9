import type { ChannelInfo } from "../contracts/channel";
import type { Product } from "../contracts/products";

/** What the first HTML of a page carries, so the first paint shows content before any script runs. */
export interface ShellData {
  channel: ChannelInfo;
  /** A session cookie came with the request: the member's home rather than the landing. */
  signedIn: boolean;
  /** The product a /product/:id page opens. */
  product?: Product;
}

export const SHELL_START = "<!--app-shell-->";
export const SHELL_END = "<!--/app-shell-->";
export const DEFAULT_LOGO = "/default-logo.svg";

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

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
    return `<div class="landing-hero"><img class="landing-hero-media landing-hero-logo" src="${escapeHtml(channel.logoUrl)}" alt="" fetchpriority="high"></div>`;
  }
  return `<div class="landing-hero landing-hero-placeholder"><img class="landing-hero-default" src="${DEFAULT_LOGO}" alt="" width="96" height="96"></div>`;
}

function channelBlock(channel: ChannelInfo): string {
  const name = escapeHtml(channel.channelName);
  const username = channel.channelUsername
    ? `<p class="channel-username">@${escapeHtml(channel.channelUsername.replace(/^@/, ""))}</p>`
    : "";
  return `<section class="channel-header"><img class="channel-logo" src="${escapeHtml(channel.logoUrl ?? DEFAULT_LOGO)}" alt="${name} logo" width="88" height="88" fetchpriority="high"><h1 class="channel-name">${name}</h1>${username}<p class="channel-members">${escapeHtml(String(channel.memberCount).trim())} members</p></section>`;
}

function firstScreen({ channel, signedIn, product }: ShellData): string {
  // A product page paints once its script and data are in: the image is preloaded meanwhile.
  if (product) return "";
  if (signedIn) return `<div class="page home-page">${channelBlock(channel)}</div>`;
  const bullets = channel.featureBullets
    .map(
      (bullet) =>
        `<li><span aria-hidden="true">${escapeHtml(bullet.emoji)}</span> ${escapeHtml(bullet.text)}</li>`,
    )
    .join("");
  return `<div class="landing">${hero(channel)}${channelBlock(channel)}<ul class="landing-bullets">${bullets}</ul></div>`;
}

/**
 * The built index.html with the first screen drawn in (the same markup and classes React renders,
 * which it then replaces) and the data behind it as JSON the app starts from, so the landing's
 * largest paint needs neither the scripts nor an API round trip.
 */
export function renderAppShell(template: string, data: ShellData): string {
  const start = template.indexOf(SHELL_START);
  const end = template.indexOf(SHELL_END);
  if (start < 0 || end < start) return template;
  const boot = { channel: data.channel, ...(data.product ? { product: data.product } : {}) };
  const head = [
    `<title>${escapeHtml(data.product?.title ?? data.channel.channelName)}</title>`,
    data.product?.primaryImageUrl
      ? `<link rel="preload" as="image" href="${escapeHtml(data.product.primaryImageUrl)}" fetchpriority="high">`
      : "",
    `<script type="application/json" id="boot-data">${scriptJson(boot)}</script>`,
  ].join("");
  const body = `<header class="app-header"><div class="app-header-inner"></div></header><main class="app-main">${firstScreen(data)}</main>`;
  return (template.slice(0, start) + body + template.slice(end + SHELL_END.length))
    .replace(/<title>[^<]*<\/title>/, "")
    .replace("</head>", `${head}</head>`);
}
