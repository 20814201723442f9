import { Readable } from "node:stream";
import { Hono, type MiddlewareHandler } from "hono";
import { assertFileReadable, GRANT_PARAMETER } from "#api/domain/channel";
import { mediaCacheControl } from "#api/domain/ports/media-storage";
import type { AppDeps } from "../deps";
import { errorResponse } from "../errors";

/**
 * On every /media response (200, 206, 304, 404, errors): stored files are data, never a page, so an
 * SVG or anything else opened directly runs no script. Registered before the app's own secure
 * headers, so it runs after them and has the last word.
 */
export const mediaSandbox: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  c.res.headers.set("X-Content-Type-Options", "nosniff");
};

/** A single `bytes=` range resolved against the size; undefined serves it all (as RFC 9110 allows). */
export function byteRange(header: string | undefined, size: number) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  const [first, last] = [match[1] ?? "", match[2] ?? ""];
  if (first === "") {
    const suffix = Number(last);
    return suffix === 0 || size === 0
      ? "unsatisfiable"
      : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return undefined;
  return start >= size ? "unsatisfiable" : { start, end };
}

/**
 * /media/<bucket>/<name>: stored files, cached for an hour (members-only ones by the browser alone),
 * with ranges for video. A file of a post for some tiers needs the grant the feed gave with its URL
 * (?grant=, decision 118): 403 post_locked without one.
 */
export const mediaRoutes = (deps: AppDeps) =>
  new Hono().get("/:bucket/:name{.+}", async (c) => {
    const bucket = c.req.param("bucket");
    const name = c.req.param("name");
    const file = await deps.storage.stat(bucket, name);
    if (!file) return errorResponse(c, "not_found", "File not found");
    await assertFileReadable(deps, bucket, name, c.req.query(GRANT_PARAMETER));
    const headers: Record<string, string> = {
      "Content-Type": file.contentType,
      "Cache-Control": mediaCacheControl(bucket),
      ETag: file.etag,
      "Accept-Ranges": "bytes",
    };
    const known = c.req.header("if-none-match");
    if (known && (known.trim() === "*" || known.split(",").some((tag) => tag.trim() === file.etag))) {
      return new Response(null, { status: 304, headers });
    }
    const range = byteRange(c.req.header("range"), file.size);
    if (range === "unsatisfiable") {
      return new Response(null, {
        status: 416,
        headers: { ...headers, "Content-Range": `bytes */${file.size}` },
      });
    }
    const length = range ? range.end - range.start + 1 : file.size;
    if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${file.size}`;
    headers["Content-Length"] = String(length);
    const status = range ? 206 : 200;
    // HEAD is answered by this GET handler: open nothing.
    if (c.req.method === "HEAD") return new Response(null, { status, headers });
    const stream = await deps.storage.read(bucket, name, range);
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers });
  });
