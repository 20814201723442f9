import type { ChannelInfo } from "#api/contracts/channel";
import type { Product } from "#api/contracts/products";

/** What the server drew the first screen from (api/http/app-shell.ts), read once at start. */
interface BootData {
  channel?: ChannelInfo;
  product?: Product;
}

let boot: BootData | null = null;

function read(): BootData {
  if (boot) return boot;
  boot = {};
  try {
    const parsed: unknown = JSON.parse(document.getElementById("boot-data")?.textContent ?? "null");
    const data = (parsed ?? {}) as Record<string, { channelName?: unknown; id?: unknown } | undefined>;
    // Our own server wrote it; still, only what has the expected shape is used.
    if (typeof data.channel?.channelName === "string") boot.channel = data.channel as ChannelInfo;
    if (typeof data.product?.id === "string") boot.product = data.product as Product;
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
