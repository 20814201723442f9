import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";

export interface UploadedFile {
  /** The file's bytes as they arrive; nothing is buffered beyond busboy's chunks. */
  stream: Readable;
  filename: string;
  declaredType: string;
}

export class MalformedUploadError extends Error {}

/**
 * Streams a multipart/form-data body and hands over the first file in `field`; other parts are
 * skipped. Resolves undefined when the body has no such file.
 */
export function firstFileOf(request: Request, field: string): Promise<UploadedFile | undefined> {
  const contentType = request.headers.get("content-type") ?? "";
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: { files: 1, fields: 20, parts: 25 },
      });
    } catch (error) {
      reject(new MalformedUploadError(String(error)));
      return;
    }
    let found = false;
    parser.on("file", (name, stream, info) => {
      if (name !== field || found) {
        stream.resume();
        return;
      }
      found = true;
      resolve({ stream, filename: info.filename ?? "", declaredType: info.mimeType });
    });
    parser.on("error", (error) => {
      if (!found) reject(new MalformedUploadError(String(error)));
    });
    parser.on("close", () => {
      if (!found) resolve(undefined);
    });
    if (!request.body) {
      resolve(undefined);
      return;
    }
    const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
    source.on("error", (error) => parser.destroy(error));
    source.pipe(parser);
  });
}
