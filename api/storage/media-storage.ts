import type { ReadableStream as WebReadableStream } from "node:stream/web";

/** Where uploaded and seeded files live. Local disk by default; an object store can stand in. */
export interface MediaStorage {
  /** Stores a file and returns its public URL (/media/<bucket>/<name>). */
  put(
    bucket: string,
    name: string,
    body: Uint8Array | WebReadableStream<Uint8Array>,
    contentType: string,
  ): Promise<string>;
  /** A stored file's bytes and type, or undefined. */
  get(
    bucket: string,
    name: string,
  ): Promise<{ stream: ReadableStream<Uint8Array>; size: number; contentType: string } | undefined>;
  remove(bucket: string, name: string): Promise<void>;
}

export const BUCKETS = [
  "product-images",
  "product-documents",
  "channel-assets",
  "avatars",
  "message-images",
] as const;
export type Bucket = (typeof BUCKETS)[number];

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Bucket names are fixed and object names are ours: anything else is refused, so no path escapes. */
export function assertObjectPath(bucket: string, name: string): asserts bucket is Bucket {
  if (!(BUCKETS as readonly string[]).includes(bucket) || !SAFE_NAME.test(name) || name.includes("..")) {
    throw new Error(`Invalid storage path ${bucket}/${name}`);
  }
}

export const publicUrl = (bucket: string, name: string) => `/media/${bucket}/${name}`;
