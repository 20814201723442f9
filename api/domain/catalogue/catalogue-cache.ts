import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Db } from "#db/client";
import { listActiveProducts } from "#db/queries/catalogue/products";
import { toProduct } from "./product-view";

export interface CachedBody {
  body: string;
  /** The body as UTF-8, encoded once. */
  bytes: Buffer;
  etag: string;
  /** The bytes brotli- or gzip-compressed, made on first demand and kept with the snapshot. */
  encoded(encoding: "br" | "gzip"): Buffer;
}

interface Snapshot {
  list: CachedBody;
  byId: Map<string, CachedBody>;
}

const cached = (value: unknown): CachedBody => {
  const body = JSON.stringify(value);
  const bytes = Buffer.from(body);
  const encodings = new Map<"br" | "gzip", Buffer>();
  return {
    body,
    bytes,
    etag: `"${createHash("sha1").update(bytes).digest("base64url")}"`,
    encoded(encoding) {
      let out = encodings.get(encoding);
      if (!out) {
        // Made once per catalogue change and served many times: the higher levels pay off.
        out =
          encoding === "br"
            ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
            : gzipSync(bytes, { level: 9 });
        encodings.set(encoding, out);
      }
      return out;
    },
  };
};

/**
 * The catalogue is read far more than written: it is serialised once and served from memory
 * until the products trigger says something changed (see realtime/change-hub.ts).
 */
export class CatalogueCache {
  private snapshot: Promise<Snapshot> | undefined;
  /** The snapshot once it has loaded, until the next change. */
  private loaded: Snapshot | undefined;
  private generation = 0;

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.generation++;
    this.snapshot = undefined;
    this.loaded = undefined;
  }

  /**
   * The list if it is in memory now, else undefined (then `list()` loads it): the HTTP server's
   * fast path answers from it in the same turn, without a promise.
   */
  listNow(): CachedBody | undefined {
    return this.loaded?.list;
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
      (snapshot) => {
        if (this.snapshot !== loading) return;
        if (generation === this.generation) this.loaded = snapshot;
        else this.snapshot = undefined;
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
