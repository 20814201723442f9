import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#api/http/app";
import { pickEncoding } from "#api/http/compression";
import { createHttpServer } from "#api/http/server";
import { precompressDir } from "../../miniapp/build-plugins";
import { SseReader } from "../helpers/sse-client";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let dir: string;
let app: ReturnType<typeof createApp>;
let server: Server;
let base: string;
const script = `export const big = ${JSON.stringify("x".repeat(5000))};\n`;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  dir = await mkdtemp(join(tmpdir(), "compressed-static-"));
  await mkdir(join(dir, "assets"));
  await writeFile(join(dir, "index.html"), "<!doctype html><title>shop</title>");
  await writeFile(join(dir, "assets", "app-abc123.js"), script);
  await writeFile(join(dir, "assets", "tiny-abc123.js"), "console.log(1)");
  await precompressDir(dir);
  app = createApp({ ...t.services, staticDir: dir });
  server = await createHttpServer(app, t.services);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

const decode = (bytes: Buffer, encoding: string | null) =>
  encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes;

/** Raw bytes over real HTTP (fetch would decompress by itself). */
async function raw(path: string, acceptEncoding: string) {
  const res = await t.app.request(path, { headers: { "accept-encoding": acceptEncoding } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("choosing an encoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["identity", undefined],
    ["gzip;q=0", undefined],
    ["", undefined],
  ])("%s -> %s", (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe("compressed JSON answers", () => {
  it("sends brotli or gzip above 1 KB as accepted, with Vary, and the same JSON inside", async () => {
    const plain = await raw("/api/openapi.json", "identity");
    expect(plain.res.headers.get("content-encoding")).toBeNull();
    expect(plain.res.headers.get("vary")).toBe("Accept-Encoding");
    for (const encoding of ["br", "gzip"]) {
      const { res, bytes } = await raw("/api/openapi.json", encoding);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
      expect(bytes.length).toBeLessThan(plain.bytes.length / 3);
      expect(decode(bytes, encoding).equals(plain.bytes)).toBe(true);
    }
  });

  it("leaves small answers as they are", async () => {
    const { res, bytes } = await raw("/api/health", "br, gzip");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(JSON.parse(bytes.toString())).toMatchObject({ ok: true });
  });

  it("serves the catalogue compressed from its cached bytes, with its ETag and 304", async () => {
    const plain = await raw("/api/products", "identity");
    const { res, bytes } = await raw("/api/products", "br");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("etag")).toBe(plain.res.headers.get("etag"));
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(decode(bytes, "br").equals(plain.bytes)).toBe(true);
    const again = await t.app.request("/api/products", {
      headers: { "accept-encoding": "br", "if-none-match": res.headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-encoding")).toBeNull();
  });

  it("the HTTP server's catalogue fast path sends the same bytes and headers as the route", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const routed = await raw("/api/products", encoding);
      const fast = await new Promise<{ headers: Record<string, unknown>; bytes: Buffer }>(
        (resolve, reject) => {
          import("node:http").then(({ get }) =>
            get(`${base}/api/products`, { headers: { "accept-encoding": encoding } }, (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (chunk: Buffer) => chunks.push(chunk));
              res.on("end", () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
            }).on("error", reject),
          );
        },
      );
      expect(fast.bytes.equals(routed.bytes)).toBe(true);
      expect(fast.headers["content-encoding"]).toBe(routed.res.headers.get("content-encoding") ?? undefined);
      expect(fast.headers.vary).toBe("Accept-Encoding");
    }
  });

  it("never compresses the event stream", async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events`, {
      headers: { "accept-encoding": "br, gzip" },
      signal: controller.signal,
    });
    expect(res.headers.get("content-encoding")).toBeNull();
    const stream = new SseReader(res);
    await eventually(async () => expect(stream.comments).toContain("connected"));
    controller.abort();
  });
});

describe("precompressed static files", () => {
  it("the build step writes .br and .gz beside files over 1 KB", async () => {
    const original = await readFile(join(dir, "assets", "app-abc123.js"));
    expect(
      brotliDecompressSync(await readFile(join(dir, "assets", "app-abc123.js.br"))).equals(original),
    ).toBe(true);
    expect(gunzipSync(await readFile(join(dir, "assets", "app-abc123.js.gz"))).equals(original)).toBe(true);
    await expect(readFile(join(dir, "assets", "tiny-abc123.js.br"))).rejects.toThrow();
  });

  it("serves the copy the client accepts, with the script's type and Vary", async () => {
    for (const encoding of ["br", "gzip"]) {
      const res = await app.request("/assets/app-abc123.js", { headers: { "accept-encoding": encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("content-type")).toMatch(/javascript/);
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(res.headers.get("cache-control")).toContain("immutable");
      expect(decode(Buffer.from(await res.arrayBuffer()), encoding).toString()).toBe(script);
    }
    const plain = await app.request("/assets/app-abc123.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toBe(script);
  });
});
