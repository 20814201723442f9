import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import { type UploadKind, type UploadKindName, type UploadRule, uploadKinds } from "../contracts/uploads";
import type { Metrics } from "../metrics/metrics";
import { Refusal } from "../refusal";
import type { Bucket, MediaStorage } from "./media-storage";

/** Where each kind is stored and how its generated name reads (the original product's where it has one). */
const targets: Record<
  UploadKindName,
  { bucket: Bucket; name: (owner: string, at: number, ext: string) => string }
> = {
  avatar: { bucket: "avatars", name: (owner, at, ext) => `${owner}/${owner}-${at}.${ext}` },
  logo: { bucket: "channel-assets", name: (_owner, at, ext) => `logo-${at}.${ext}` },
  heroVideo: { bucket: "channel-assets", name: (_owner, at, ext) => `hero-video-${at}.${ext}` },
  messageAttachment: {
    bucket: "message-images",
    name: (owner, at, ext) => `${owner}/${at}-${randomBytes(4).toString("hex")}.${ext}`,
  },
  productImage: { bucket: "product-images", name: (owner, at, ext) => `${owner}-${at}.${ext}` },
  certificate: { bucket: "product-documents", name: (owner, at, ext) => `${owner}-coa-${at}.${ext}` },
};

// file-type needs at most this many leading bytes to recognise any format we accept.
const SNIFF_BYTES = 4100;
// Multipart framing and the few small fields beside the file.
const FRAMING_BYTES = 64 * 1024;
// A text field beside the file: room for a 4096-character message in any script (at most 3 UTF-8
// bytes per UTF-16 code unit), and no more.
const FIELD_BYTES = 16 * 1024;
// Never stored, whatever the bytes say: a stored page or SVG opened directly could run script.
const MARKUP_TYPE = /html|svg|xml/i;
const MARKUP_NAME = /\.(svgz?|x?html?|xml)$/i;

/** Where uploads go (the services' context has both). */
export interface UploadSink {
  storage: MediaStorage;
  metrics: Pick<Metrics, "uploadBytes">;
}

export const incompleteUploadMessage = "The upload was incomplete. Please try again.";
export const fieldTooLargeMessage = "A form field is too large";

export interface StoredUpload {
  url: string;
  bucket: Bucket;
  name: string;
  contentType: string;
  size: number;
}

interface IncomingFile {
  stream: Readable & { truncated?: boolean };
  filename: string;
  declaredType: string;
}

/** A multipart form as received: its text fields and the file, stored, when one came. */
export interface ReceivedForm {
  /** The text fields sent BEFORE the file (a form sends its parts in order); later ones are not read. */
  fields: Record<string, string>;
  upload: StoredUpload | undefined;
}

/**
 * Receives one file from a multipart/form-data request and stores it: the body streams through
 * (never held whole), the type comes from the magic bytes, the kind's limit is enforced as bytes
 * arrive, and the name is generated. A body cut short, a client gone, or a file over the limit
 * fails the storage write, so nothing is left behind: upload_incomplete, upload_missing, upload_too_large or upload_wrong_type.
 */
export async function receiveUpload(
  request: Request,
  into: UploadSink,
  kindName: UploadKindName,
  target: { owner: string; at: number; field?: string },
): Promise<StoredUpload> {
  const { upload } = await receiveForm(request, into, kindName, target);
  if (!upload) throw new Refusal("upload_missing", { message: uploadKinds[kindName].wrongType });
  return upload;
}

/**
 * A form of small text fields (each at most FIELD_BYTES: upload_field_too_large past that) and at most one file, which
 * is optional here and stored as receiveUpload stores it. The fields must come before the file: the
 * file is stored while the body streams, and what follows it is not waited for.
 */
export async function receiveForm(
  request: Request,
  into: UploadSink,
  kindName: UploadKindName,
  target: { owner: string; at: number; field?: string },
): Promise<ReceivedForm> {
  const kind: UploadKind = uploadKinds[kindName];
  const largest = kind.rules.reduce((a, b) => (b.maxBytes > a.maxBytes ? b : a));
  if (!/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    throw new Refusal("upload_wrong_type", { message: kind.wrongType });
  }
  if (Number(request.headers.get("content-length") ?? 0) > largest.maxBytes + FRAMING_BYTES) {
    throw new Refusal("upload_too_large", { message: largest.tooLarge });
  }
  const { fields, file } = await readParts(request, target.field ?? "file", largest.maxBytes);
  if (!file) return { fields, upload: undefined };
  const { bucket, name } = targets[kindName];
  const upload = await storeFile(file, into.storage, kind, bucket, (ext) =>
    name(target.owner, target.at, ext),
  );
  into.metrics.uploadBytes.inc({ kind: kindName }, upload.size);
  return { fields, upload };
}

/** What receiveFiles stored, in the order the files came. */
export interface ReceivedFile {
  field: string;
  upload: StoredUpload;
}

/**
 * A form of several files of one kind, each in one of `perField`'s fields and at most that many
 * there (more: upload_too_many with `tooMany`; files in other fields are skipped). Each file streams into storage as
 * receiveUpload stores one, the next after it, each named at its own `stamp()`. Any refusal removes
 * what this request had already stored, so a request stores all of its files or none.
 */
export async function receiveFiles(
  request: Request,
  into: UploadSink,
  kindName: UploadKindName,
  target: { owner: string; stamp: () => number; perField: Record<string, number>; tooMany: string },
): Promise<ReceivedFile[]> {
  const kind: UploadKind = uploadKinds[kindName];
  const largest = kind.rules.reduce((a, b) => (b.maxBytes > a.maxBytes ? b : a));
  const most = Object.values(target.perField).reduce((a, b) => a + b, 0);
  if (!/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    throw new Refusal("upload_wrong_type", { message: kind.wrongType });
  }
  if (Number(request.headers.get("content-length") ?? 0) > most * (largest.maxBytes + FRAMING_BYTES)) {
    throw new Refusal("upload_too_large", { message: largest.tooLarge });
  }
  const { bucket, name } = targets[kindName];
  const stored: ReceivedFile[] = [];
  const counts: Record<string, number> = Object.create(null);
  try {
    for await (const { field, file } of fileParts(request, largest.maxBytes)) {
      const allowed = target.perField[field];
      if (allowed === undefined) {
        file.stream.resume();
        continue;
      }
      counts[field] = (counts[field] ?? 0) + 1;
      if (counts[field] > allowed) throw new Refusal("upload_too_many", { message: target.tooMany });
      const upload = await storeFile(file, into.storage, kind, bucket, (ext) =>
        name(target.owner, target.stamp(), ext),
      );
      stored.push({ field, upload });
      into.metrics.uploadBytes.inc({ kind: kindName }, upload.size);
    }
  } catch (error) {
    await Promise.all(
      stored.map(({ upload }) => into.storage.remove(upload.bucket, upload.name).catch(() => {})),
    );
    throw error;
  }
  if (stored.length === 0) throw new Refusal("upload_missing", { message: kind.wrongType });
  return stored;
}

/**
 * One file's bytes into storage: the type from its magic bytes, the rule's limit counted as bytes
 * arrive. A refused file is drained no further and nothing of it is stored.
 */
async function storeFile(
  file: IncomingFile,
  storage: MediaStorage,
  kind: UploadKind,
  bucket: Bucket,
  nameFor: (ext: string) => string,
): Promise<StoredUpload> {
  const wrongType = () => new Refusal("upload_wrong_type", { message: kind.wrongType });
  const tooLarge = (rule: UploadRule) => new Refusal("upload_too_large", { message: rule.tooLarge });
  const incomplete = () => new Refusal("upload_incomplete");
  const { stream } = file;
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const refuse = (error: Refusal) => {
    void chunks.return?.();
    return error;
  };
  if (MARKUP_TYPE.test(file.declaredType) || MARKUP_NAME.test(file.filename)) throw refuse(wrongType());

  const head: Buffer[] = [];
  let received = 0;
  try {
    while (received < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) break;
      head.push(next.value);
      received += next.value.length;
    }
  } catch {
    throw refuse(incomplete());
  }
  const headBytes = Buffer.concat(head);
  const sniffed = await fileTypeFromBuffer(headBytes);
  const found = sniffed && kind.rules.find((r) => r.types.includes(sniffed.mime));
  if (!sniffed || !found) throw refuse(wrongType());
  const rule: UploadRule = found;
  if (received > rule.maxBytes || stream.truncated) throw refuse(tooLarge(rule));

  async function* body() {
    yield headBytes;
    try {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        received += next.value.length;
        if (received > rule.maxBytes) throw tooLarge(rule);
        yield next.value;
      }
    } catch (error) {
      throw error instanceof Refusal ? error : incomplete();
    } finally {
      await chunks.return?.();
    }
    // busboy stops one byte past the kind's largest limit and marks the file truncated.
    if (stream.truncated) throw tooLarge(rule);
  }

  const name = nameFor(sniffed.ext);
  const url = await storage.put(bucket, name, Readable.from(body(), { objectMode: false }), sniffed.mime);
  return { url, bucket, name, contentType: sniffed.mime, size: received };
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
function readParts(
  request: Request,
  field: string,
  maxBytes: number,
): Promise<{ fields: Record<string, string>; file: IncomingFile | undefined }> {
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
