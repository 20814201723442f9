import { createHash } from "node:crypto";
import type { Db } from "#db/client";
import { listActiveProducts } from "#db/queries/products";
import { toProduct } from "./product-view";

export interface CachedBody {
  body: string;
  /** The body as UTF-8, encoded once. */
  bytes: Buffer;
  etag: string;
}

interface Snapshot {
  list: CachedBody;
  byId: Map<string, CachedBody>;
}

const cached = (value: unknown): CachedBody => {
  const body = JSON.stringify(value);
  const bytes = Buffer.from(body);
  return { body, bytes, etag: `"${createHash("sha1").update(bytes).digest("base64url")}"` };
};

/**
 * The catalogue is read far more than written: it is serialised once and served from memory
 * until the products trigger says something changed (see realtime/change-hub.ts).
 */
export class CatalogueCache {
  private snapshot: Promise<Snapshot> | undefined;
  private generation = 0;

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.generation++;
    this.snapshot = undefined;
  }

  async list(): Promise<CachedBody> {
    return (await this.current()).list;
  }

  async product(id: string): Promise<CachedBody | undefined> {
    return (await this.current()).byId.get(id);
  }

  private current(): Promise<Snapshot> {
    if (this.snapshot) return this.snapshot;
    const generation = this.generation;
    const loading = this.load();
    this.snapshot = loading;
    // A change that lands while loading makes this snapshot stale: drop it, the next read reloads.
    loading.then(
      () => {
        if (generation !== this.generation && this.snapshot === loading) this.snapshot = undefined;
      },
      () => {
        if (this.snapshot === loading) this.snapshot = undefined;
      },
    );
    return loading;
  }

  private async load(): Promise<Snapshot> {
    const products = (await listActiveProducts(this.db)).map(toProduct);
    return {
      list: cached({ products }),
      byId: new Map(products.map((product) => [product.id, cached(product)])),
    };
  }
}
