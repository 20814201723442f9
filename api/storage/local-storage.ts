import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertObjectPath, isObjectPath, MEDIA_PATH, type MediaStorage, typeOfName } from "./media-storage";

/** Files under <root>/<bucket>/<name>; written to a temporary name first so readers never see half a file. */
export class LocalStorage implements MediaStorage {
  readonly urlBase = MEDIA_PATH;
  constructor(private readonly root: string) {}

  async put(bucket: string, name: string, body: Uint8Array | Readable, _contentType: string) {
    assertObjectPath(bucket, name);
    const target = join(this.root, bucket, name);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    try {
      await pipeline(body instanceof Uint8Array ? Readable.from([body]) : body, createWriteStream(temporary));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return `${this.urlBase}/${bucket}/${name}`;
  }

  async stat(bucket: string, name: string) {
    if (!isObjectPath(bucket, name)) return undefined;
    const info = await stat(join(this.root, bucket, name)).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return {
      size: info.size,
      contentType: typeOfName(name),
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
    };
  }

  async read(bucket: string, name: string, range?: { start: number; end: number }) {
    assertObjectPath(bucket, name);
    return createReadStream(join(this.root, bucket, name), range);
  }

  async remove(bucket: string, name: string) {
    assertObjectPath(bucket, name);
    await rm(join(this.root, bucket, name), { force: true });
  }
}
