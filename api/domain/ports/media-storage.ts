import type { Readable } from "node:stream";

/** A stored file's facts, enough to answer HEAD, conditional and Range requests. */
export interface StoredFile {
  size: number;
  contentType: string;
  /** A strong validator for If-None-Match, quoted. */
  etag: string;
}

/** Where uploaded and seeded files live: local disk by default, S3-compatible storage by configuration. */
export interface MediaStorage {
  /** What every URL put() returns starts with: "/media", or S3_PUBLIC_URL. */
  readonly urlBase: string;
  /**
   * Stores a file and returns its public URL (/media/<bucket>/<name>, or S3_PUBLIC_URL's). A stream
   * that errors stores nothing: readers never see half a file, and nothing is left behind.
   */
  put(bucket: string, name: string, body: Uint8Array | Readable, contentType: string): Promise<string>;
  /** A stored file's facts, or undefined (also for a name that is not ours). */
  stat(bucket: string, name: string): Promise<StoredFile | undefined>;
  /** The bytes from `start` to `end` inclusive (all of them without a range). */
  read(bucket: string, name: string, range?: { start: number; end: number }): Promise<Readable>;
  remove(bucket: string, name: string): Promise<void>;
}

export const BUCKETS = [
  "product-images",
  "product-documents",
  "channel-assets",
  "avatars",
  "message-images",
  "support-images",
  "broadcast-images",
] as const;
export type Bucket = (typeof BUCKETS)[number];

/**
 * What only signed-in people see: the feed's attachments (members only), members' pictures and the
 * images of support conversations (the member and staff). A
 * shared cache (a proxy, a CDN) must not keep them for others: `private`; the rest is public.
 */
const PRIVATE_BUCKETS: readonly string[] = [
  "message-images",
  "avatars",
  "support-images",
  "broadcast-images",
] satisfies Bucket[];

/** The Cache-Control a stored file is served with, by us under /media or by the bucket. */
export const mediaCacheControl = (bucket: string) =>
  PRIVATE_BUCKETS.includes(bucket) ? "private, max-age=3600" : "public, max-age=3600";

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Bucket names are fixed and object names are ours: anything else is refused, so no path escapes. */
export function assertObjectPath(bucket: string, name: string): asserts bucket is Bucket {
  if (!isObjectPath(bucket, name)) throw new Error(`Invalid storage path ${bucket}/${name}`);
}

export const isObjectPath = (bucket: string, name: string) =>
  (BUCKETS as readonly string[]).includes(bucket) && SAFE_NAME.test(name) && !name.includes("..");

export const MEDIA_PATH = "/media";

const TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  pdf: "application/pdf",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
};

/** The type a stored name is served with: every name we store ends in the extension we chose for it. */
export const typeOfName = (name: string) =>
  TYPES[name.slice(name.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
