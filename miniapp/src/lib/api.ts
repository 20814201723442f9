import { hc } from "hono/client";
import type { AppType } from "#api/app";
import type { ChannelInfo } from "#api/contracts/channel";
import type { Product } from "#api/contracts/products";

export const api = hc<AppType>("/api");

/** A load that failed: `notFound` is a 404 the page shows its own way; everything else is retryable. */
export class LoadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
  get notFound(): boolean {
    return this.status === 404;
  }
}

async function failure(response: Response): Promise<LoadError> {
  let message = `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { error?: { message?: string } };
    if (body.error?.message) message = body.error.message;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return new LoadError(message, response.status);
}

export async function fetchChannel(signal?: AbortSignal): Promise<ChannelInfo> {
  const response = await api.channel.$get(undefined, { init: { signal } });
  if (!response.ok) throw await failure(response);
  return response.json();
}

export async function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  const response = await api.products.$get(undefined, { init: { signal } });
  if (!response.ok) throw await failure(response);
  const body = await response.json();
  return body.products;
}

export async function fetchProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const response = await api.products[":id"].$get({ param: { id } }, { init: { signal } });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as Product;
}
