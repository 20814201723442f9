import { randomUUID } from "node:crypto";
import { constants, createWriteStream } from "node:fs";
import { type FileHandle, mkdir, open, realpath, rename, rm } from "node:fs/promises";
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
    const file = await this.open(bucket, name);
    if (!file) return undefined;
    try {
      const info = await file.stat();
      return {
        size: info.size,
        contentType: typeOfName(name),
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      };
    } finally {
      await file.close();
    }
  }

  async read(bucket: string, name: string, range?: { start: number; end: number }) {
    assertObjectPath(bucket, name);
    const file = await this.open(bucket, name);
    if (!file) throw Object.assign(new Error(`No stored file ${bucket}/${name}`), { code: "ENOENT" });
    return file.createReadStream(range ?? {});
  }

  /**
   * A stored file opened for reading, or undefined (missing, or not a plain file). Reads refuse
   * links: one under the media folder (planted, or unpacked from a crafted archive) could point
   * anywhere on the disk. The folders on the way must resolve to where the name says, and the file
   * itself is opened without following a link (and without waiting, should it be a FIFO).
   */
  private async open(bucket: string, name: string): Promise<FileHandle | undefined> {
    const path = join(this.root, bucket, name);
    const [root, folder] = await Promise.all([
      realpath(this.root).catch(() => undefined),
      realpath(dirname(path)).catch(() => undefined),
    ]);
    if (!root || folder !== join(root, bucket, dirname(name))) return undefined;
    const file = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
      () => undefined,
    );
    if (!file) return undefined;
    if ((await file.stat()).isFile()) return file;
    await file.close();
    return undefined;
  }

  async remove(bucket: string, name: string) {
    assertObjectPath(bucket, name);
    await rm(join(this.root, bucket, name), { force: true });
  }
}
