import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { type UploadKindName, uploadKinds } from "#api/contracts/uploads";
import { Refusal } from "#api/domain/refusal";
import type { IncomingFile, IncomingFiles, IncomingForm, IncomingFormParts } from "#api/domain/uploads";

// Multipart framing and the few small fields beside the file.
const FRAMING_BYTES = 64 * 1024;
// A text field beside the file: room for a 4096-character message in any script (at most 3 UTF-8
// bytes per UTF-16 code unit), and no more.
const FIELD_BYTES = 16 * 1024;

export const incompleteUploadMessage = "The upload was incomplete. Please try again.";
export const fieldTooLargeMessage = "A form field is too large";

/** The largest of a kind's limits: busboy stops one byte past it and marks the file truncated. */
const largestRule = (kindName: UploadKindName) =>
  uploadKinds[kindName].rules.reduce((a, b) => (b.maxBytes > a.maxBytes ? b : a));

/** A body that is not multipart/form-data, or declares more bytes than the kind allows, is refused unread. */
function checkHeaders(request: Request, kindName: UploadKindName, files: number) {
  const largest = largestRule(kindName);
  if (!/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    throw new Refusal("upload_wrong_type", { message: uploadKinds[kindName].wrongType });
  }
  if (Number(request.headers.get("content-length") ?? 0) > files * (largest.maxBytes + FRAMING_BYTES)) {
    throw new Refusal("upload_too_large", { message: largest.tooLarge });
  }
}

/**
 * The request's multipart body as a form of small text fields (each at most FIELD_BYTES:
 * upload_field_too_large past that) and at most one file, in `field`; read when the domain asks.
 * The fields must come before the file: the file is handed over as it streams, and what follows
 * it is not waited for.
 */
export function multipartForm(request: Request, kindName: UploadKindName, field = "file"): IncomingForm {
  return {
    read: async () => {
      checkHeaders(request, kindName, 1);
      return readParts(request, field, largestRule(kindName).maxBytes);
    },
  };
}

/** The request's multipart body as its files, one at a time, at most `files` of the kind's size in all. */
export async function* multipartFiles(
  request: Request,
  kindName: UploadKindName,
  files: number,
): IncomingFiles {
  checkHeaders(request, kindName, files);
  yield* fileParts(request, largestRule(kindName).maxBytes);
}

/**
 * Streams the multipart body and yields its files one at a time; each is read (or resumed) before
 * the next arrives, since busboy parses no further while a file's stream is full. Text fields are
 * not kept.
 */
async function* fileParts(
  request: Request,
  maxBytes: number,
): AsyncGenerator<{ field: string; file: IncomingFile }> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      limits: { fields: 20, parts: 50, fieldSize: FIELD_BYTES, fileSize: maxBytes + 1 },
    });
  } catch {
    throw new Refusal("upload_incomplete");
  }
  const queue: { field: string; file: IncomingFile }[] = [];
  let ended = false;
  let failed = false;
  let wake = () => {};
  parser.on("file", (field, stream, info) => {
    queue.push({ field, file: { stream, filename: info.filename ?? "", declaredType: info.mimeType } });
    wake();
  });
  // After a file is handed over, its stream carries the error (a body cut short, a client gone).
  parser.on("error", () => {
    failed = true;
    wake();
  });
  parser.on("close", () => {
    ended = true;
    wake();
  });
  if (!request.body) return;
  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  for (;;) {
    const next = queue.shift();
    if (next) yield next;
    else if (failed) throw new Refusal("upload_incomplete");
    else if (ended) return;
    else await new Promise<void>((resolve) => (wake = resolve));
  }
}

/**
 * Streams the multipart body: collects the text fields until the first file in `field` arrives and
 * hands that file over; other files are skipped. busboy marks the file truncated when it reaches
 * fileSize, so a file of exactly maxBytes is whole.
 */
function readParts(request: Request, field: string, maxBytes: number): Promise<IncomingFormParts> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": request.headers.get("content-type") ?? "" },
        limits: { files: 1, fields: 20, parts: 25, fieldSize: FIELD_BYTES, fileSize: maxBytes + 1 },
      });
    } catch {
      reject(new Refusal("upload_incomplete"));
      return;
    }
    // No prototype: a field named "__proto__" is just a field.
    const fields: Record<string, string> = Object.create(null);
    let settled = false;
    const settle = (file: IncomingFile | undefined) => {
      settled = true;
      resolve({ fields, file });
    };
    const fail = (error: Refusal) => {
      settled = true;
      reject(error);
    };
    parser.on("field", (name, value, info) => {
      if (settled) return;
      if (info.valueTruncated) fail(new Refusal("upload_field_too_large"));
      else fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (settled || name !== field) {
        stream.resume();
        return;
      }
      settle({ stream, filename: info.filename ?? "", declaredType: info.mimeType });
    });
    // After the file is handed over, its stream carries the error (a body cut short, a client gone).
    parser.on("error", () => {
      if (!settled) fail(new Refusal("upload_incomplete"));
    });
    parser.on("close", () => {
      if (!settled) settle(undefined);
    });
    if (!request.body) {
      settle(undefined);
      return;
    }
    const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
    source.on("error", (error) => parser.destroy(error));
    source.pipe(parser);
  });
}
