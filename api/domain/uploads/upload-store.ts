import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import { type UploadKind, type UploadKindName, type UploadRule, uploadKinds } from "#api/contracts/uploads";
import type { Metrics } from "#api/process/metrics";
import type { Bucket, MediaStorage } from "../ports/media-storage";
import { Refusal } from "../refusal";

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
  // Unguessable names: a conversation's images are read only by whoever holds its URL.
  supportImage: {
    bucket: "support-images",
    name: (owner, at, ext) => `${owner}/${at}-${randomBytes(8).toString("hex")}.${ext}`,
  },
  // Flat, unguessable names: the name is the broadcast's imageId (docs/decisions/108-broadcasts.md).
  broadcastImage: {
    bucket: "broadcast-images",
    name: (_owner, at, ext) => `${at}-${randomBytes(8).toString("hex")}.${ext}`,
  },
  productImage: { bucket: "product-images", name: (owner, at, ext) => `${owner}-${at}.${ext}` },
  certificate: { bucket: "product-documents", name: (owner, at, ext) => `${owner}-coa-${at}.${ext}` },
};

// file-type needs at most this many leading bytes to recognise any format we accept.
const SNIFF_BYTES = 4100;
// Never stored, whatever the bytes say: a stored page or SVG opened directly could run script.
const MARKUP_TYPE = /html|svg|xml/i;
const MARKUP_NAME = /\.(svgz?|x?html?|xml)$/i;

/** Where uploads go (the services' context has both). */
export interface UploadSink {
  storage: MediaStorage;
  metrics: Pick<Metrics, "uploadBytes">;
}

export interface StoredUpload {
  url: string;
  bucket: Bucket;
  name: string;
  contentType: string;
  size: number;
}

/**
 * One file of an upload as it arrives: its bytes as a stream (`truncated` once they pass the kind's
 * largest limit), and the name and type its sender declared, which decide nothing but a refusal.
 */
export interface IncomingFile {
  stream: Readable & { truncated?: boolean };
  filename: string;
  declaredType: string;
}

/** A form's text fields (those sent before the file) and its file, when one came. */
export interface IncomingFormParts {
  fields: Record<string, string>;
  file: IncomingFile | undefined;
}

/**
 * A form of small text fields and at most one file, read only when asked: a rule that refuses
 * before the upload (a product that does not exist) reads nothing of it. Reading refuses a body
 * that is not a form of this kind or is too large, as the HTTP edge (api/http/multipart.ts) finds.
 */
export interface IncomingForm {
  read(): Promise<IncomingFormParts>;
}

/** A form of several files, each with the field it came in, one at a time as they arrive. */
export type IncomingFiles = AsyncIterable<{ field: string; file: IncomingFile }>;

/** A form as stored: its text fields and the file, stored, when one came. */
export interface ReceivedForm {
  /** The text fields sent BEFORE the file (a form sends its parts in order); later ones are not read. */
  fields: Record<string, string>;
  upload: StoredUpload | undefined;
}

/**
 * Stores the form's one file: the type comes from the magic bytes, the kind's limit is enforced as
 * bytes arrive, and the name is generated. A body cut short, a client gone, or a file over the
 * limit fails the storage write, so nothing is left behind: upload_incomplete, upload_missing,
 * upload_too_large or upload_wrong_type.
 */
export async function storeUpload(
  form: IncomingForm,
  into: UploadSink,
  kindName: UploadKindName,
  target: { owner: string; at: number },
): Promise<StoredUpload> {
  const { upload } = await storeForm(form, into, kindName, target);
  if (!upload) throw new Refusal("upload_missing", { message: uploadKinds[kindName].wrongType });
  return upload;
}

/** A form whose file is optional: its fields, and the file stored as storeUpload stores it. */
export async function storeForm(
  form: IncomingForm,
  into: UploadSink,
  kindName: UploadKindName,
  target: { owner: string; at: number },
): Promise<ReceivedForm> {
  const { fields, file } = await form.read();
  if (!file) return { fields, upload: undefined };
  const { bucket, name } = targets[kindName];
  const upload = await storeFile(file, into.storage, uploadKinds[kindName], bucket, (ext) =>
    name(target.owner, target.at, ext),
  );
  into.metrics.uploadBytes.inc({ kind: kindName }, upload.size);
  return { fields, upload };
}

/** What storeFiles stored, in the order the files came. */
export interface ReceivedFile {
  field: string;
  upload: StoredUpload;
}

/**
 * Several files of one kind, each in one of `perField`'s fields and at most that many there (more:
 * upload_too_many with `tooMany`; files in other fields are skipped). Each file streams into storage
 * as storeUpload stores one, the next after it, each named at its own `stamp()`. Any refusal
 * removes what this request had already stored, so a request stores all of its files or none.
 */
export async function storeFiles(
  files: IncomingFiles,
  into: UploadSink,
  kindName: UploadKindName,
  target: { owner: string; stamp: () => number; perField: Record<string, number>; tooMany: string },
): Promise<ReceivedFile[]> {
  const kind: UploadKind = uploadKinds[kindName];
  const { bucket, name } = targets[kindName];
  const stored: ReceivedFile[] = [];
  const counts: Record<string, number> = Object.create(null);
  try {
    for await (const { field, file } of files) {
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
