import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small S3-compatible server for tests (path-style, in memory, no signature checks): PutObject,
 * multipart upload (Create, UploadPart, Complete, Abort), GetObject with Range, HeadObject and
 * DeleteObject. s3rver, the npm fake, has no AbortMultipartUpload, and the tests need to see that an
 * aborted upload leaves no parts behind.
 */
export interface FakeS3 {
  url: string;
  /** Stored keys, "<bucket>/<key>". */
  keys(): string[];
  object(key: string): { body: Buffer; contentType: string; cacheControl: string } | undefined;
  /** Multipart uploads begun and neither completed nor aborted. */
  pendingUploads(): number;
  /** Multipart uploads aborted so far. */
  abortedUploads(): number;
  close(): Promise<void>;
}

interface Stored {
  body: Buffer;
  contentType: string;
  cacheControl: string;
  etag: string;
}

const etagOf = (body: Buffer) => `"${createHash("md5").update(body).digest("hex")}"`;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function xml(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
}

const noSuchKey = (res: ServerResponse, head: boolean) =>
  head
    ? res.writeHead(404).end()
    : xml(res, 404, "<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>");

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, Stored>();
  const uploads = new Map<
    string,
    { key: string; contentType: string; cacheControl: string; parts: Map<number, Buffer> }
  >();
  let aborted = 0;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const key = decodeURIComponent(url.pathname.slice(1));
    const query = url.searchParams;
    const uploadId = query.get("uploadId");
    try {
      if (req.method === "POST" && query.has("uploads")) {
        const id = randomUUID();
        uploads.set(id, {
          key,
          contentType: req.headers["content-type"] ?? "",
          cacheControl: req.headers["cache-control"] ?? "",
          parts: new Map(),
        });
        return xml(
          res,
          200,
          `<InitiateMultipartUploadResult><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      const upload = uploadId ? uploads.get(uploadId) : undefined;
      if (uploadId && !upload) return xml(res, 404, "<Error><Code>NoSuchUpload</Code></Error>");
      if (req.method === "PUT" && upload) {
        const body = await readBody(req);
        upload.parts.set(Number(query.get("partNumber")), body);
        return res.writeHead(200, { etag: etagOf(body) }).end();
      }
      if (req.method === "POST" && upload && uploadId) {
        await readBody(req);
        const numbers = [...upload.parts.keys()].sort((a, b) => a - b);
        const body = Buffer.concat(numbers.map((n) => upload.parts.get(n) as Buffer));
        const { contentType, cacheControl } = upload;
        objects.set(upload.key, { body, contentType, cacheControl, etag: etagOf(body) });
        uploads.delete(uploadId);
        return xml(
          res,
          200,
          `<CompleteMultipartUploadResult><Key>${upload.key}</Key><ETag>${etagOf(body)}</ETag></CompleteMultipartUploadResult>`,
        );
      }
      if (req.method === "DELETE" && uploadId) {
        uploads.delete(uploadId);
        aborted += 1;
        return res.writeHead(204).end();
      }
      if (req.method === "PUT") {
        const body = await readBody(req);
        const etag = etagOf(body);
        const cacheControl = req.headers["cache-control"] ?? "";
        objects.set(key, { body, contentType: req.headers["content-type"] ?? "", cacheControl, etag });
        return res.writeHead(200, { etag }).end();
      }
      if (req.method === "DELETE") {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      if (req.method === "GET" || req.method === "HEAD") {
        const stored = objects.get(key);
        if (!stored) return noSuchKey(res, req.method === "HEAD");
        const headers = { "content-type": stored.contentType, etag: stored.etag, "accept-ranges": "bytes" };
        const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? "");
        if (range) {
          const [start, end] = [Number(range[1]), Math.min(Number(range[2]), stored.body.length - 1)];
          const part = stored.body.subarray(start, end + 1);
          res.writeHead(206, {
            ...headers,
            "content-length": part.length,
            "content-range": `bytes ${start}-${end}/${stored.body.length}`,
          });
          return res.end(req.method === "HEAD" ? undefined : part);
        }
        res.writeHead(200, { ...headers, "content-length": stored.body.length });
        return res.end(req.method === "HEAD" ? undefined : stored.body);
      }
      xml(res, 405, "<Error><Code>MethodNotAllowed</Code></Error>");
    } catch (error) {
      xml(res, 500, `<Error><Code>InternalError</Code><Message>${String(error)}</Message></Error>`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keys: () => [...objects.keys()].sort(),
    object: (key) => objects.get(key),
    pendingUploads: () => uploads.size,
    abortedUploads: () => aborted,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The environment that points the app's S3Storage at a fake. */
export const fakeS3Env = (s3: FakeS3, bucket = "media"): Record<string, string> => ({
  STORAGE: "s3",
  S3_ENDPOINT: s3.url,
  S3_BUCKET: bucket,
  S3_REGION: "us-east-1",
  S3_ACCESS_KEY_ID: "test",
  S3_SECRET_ACCESS_KEY: "test",
});
