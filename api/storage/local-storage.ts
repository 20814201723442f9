import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname, extname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { assertObjectPath, type MediaStorage, publicUrl } from "./media-storage";

const TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
};

/** Files under <root>/<bucket>/<name>; written to a temporary name first so readers never see half a file. */
export class LocalStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  async put(bucket: string, name: string, body: Uint8Array | WebReadableStream<Uint8Array>, _type: string) {
    assertObjectPath(bucket, name);
    const target = join(this.root, bucket, name);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.part`;
    try {
      const source = body instanceof Uint8Array ? Readable.from([body]) : Readable.fromWeb(body);
      await pipeline(source, createWriteStream(temporary));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return publicUrl(bucket, name);
  }

  async get(bucket: string, name: string) {
    try {
      assertObjectPath(bucket, name);
    } catch {
      return undefined;
    }
    const path = join(this.root, bucket, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return {
      stream: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
      size: info.size,
      contentType: TYPES[extname(name).toLowerCase()] ?? "application/octet-stream",
    };
  }

  async remove(bucket: string, name: string) {
    assertObjectPath(bucket, name);
    await rm(join(this.root, bucket, name), { force: true });
  }
}
