import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";

export type Encoding = "br" | "gzip";

/** Bodies smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The encoding to send for an Accept-Encoding header: brotli where accepted, else gzip, else none.
 * q-values count (`br;q=0` refuses brotli); `*` accepts both.
 */
export function pickEncoding(acceptEncoding: string | null | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (weightOf("br") > 0) return "br";
  if (weightOf("gzip") > 0) return "gzip";
  return undefined;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses for an answer made on the fly: brotli 5 and gzip 6 trade a little size for speed. */
export function compress(bytes: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return encoding === "br"
    ? brotli(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      })
    : gzipAsync(bytes, { level: 6 });
}

/**
 * JSON answers above COMPRESS_MIN_BYTES go brotli or gzip as the client accepts; every JSON answer
 * says `Vary: Accept-Encoding`. Answers that are already encoded (the catalogue brings its own
 * cached bytes), event streams and media are left alone.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.headers.get("content-type")?.startsWith("application/json")) return;
    if (!/accept-encoding/i.test(res.headers.get("vary") ?? ""))
      res.headers.append("Vary", "Accept-Encoding");
    const encoding = pickEncoding(c.req.header("accept-encoding"));
    if (!encoding || !res.body || res.headers.has("content-encoding") || c.req.method === "HEAD") return;
    const bytes = new Uint8Array(await res.arrayBuffer());
    // Hono copies the old answer's headers onto a new one: drop the length that no longer holds.
    res.headers.delete("content-length");
    const headers = new Headers(res.headers);
    if (bytes.length < COMPRESS_MIN_BYTES) {
      c.res = new Response(bytes, { status: res.status, headers });
      return;
    }
    const compressed = await compress(bytes, encoding);
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(compressed.length));
    c.res = new Response(new Uint8Array(compressed), { status: res.status, headers });
  };
}
