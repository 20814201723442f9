import type { ChannelInfo } from "#api/contracts/channel";
import { type Language, shippedLanguage } from "#api/contracts/languages";
import type { Product } from "#api/contracts/products";

/** What the server drew the first screen from (api/http/app-shell.ts), read once at start. */
interface BootData {
  channel?: ChannelInfo;
  product?: Product;
  /** Whether a session cookie came with the page: without one, nobody is signed in on the web. */
  signedIn?: boolean;
  /** The page's language (the visitor's Accept-Language, or a signed-in member's choice). */
  language?: Language;
}

let boot: BootData | null = null;

function read(): BootData {
  if (boot) return boot;
  boot = {};
  try {
    const parsed: unknown = JSON.parse(document.getElementById("boot-data")?.textContent ?? "null");
    const data = (parsed ?? {}) as Record<
      string,
      { channelName?: unknown; id?: unknown } | boolean | undefined
    >;
    // Our own server wrote it; still, only what has the expected shape is used.
    const { channel, product, signedIn, language } = data;
    if (typeof channel === "object" && typeof channel.channelName === "string")
      boot.channel = channel as ChannelInfo;
    if (typeof product === "object" && typeof product.id === "string") boot.product = product as Product;
    if (typeof signedIn === "boolean") boot.signedIn = signedIn;
    const shipped = typeof language === "string" ? shippedLanguage(language) : null;
    if (shipped) boot.language = shipped;
  } catch {
    // A page without the server's data (the dev server): the app loads everything itself.
  }
  return boot;
}

/**
 * The channel as the page was served with it, for the first screen only: taken once, so a screen
 * mounted later loads fresh data (the first one follows changes live from then on).
 */
export function takeBootChannel(): ChannelInfo | undefined {
  const { channel } = read();
  delete read().channel;
  return channel;
}

/** The product a /product/:id page was served with, when it is this one; taken once too. */
export function takeBootProduct(id: string): Product | undefined {
  const { product } = read();
  if (product?.id !== id) return undefined;
  delete read().product;
  return product;
}

/** Whether the page came with a session cookie; undefined when the server did not say (the dev server). */
export function bootSignedIn(): boolean | undefined {
  return read().signedIn;
}

/** The language the server drew the page in; undefined when it did not say (the dev server). */
export function bootLanguage(): Language | undefined {
  return read().language;
}
