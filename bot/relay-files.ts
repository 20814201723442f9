import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { fileTypeFromBuffer } from "file-type";
import type { Api } from "grammy";
import { IMAGE_TYPES, VIDEO_TYPES } from "#api/contracts/uploads";
import type { Bucket, MediaStorage } from "#api/domain/ports/media-storage";
import type { MediaRef } from "./channel-post-content";

const MB = 1024 * 1024;
/** What the Bot API hands out through getFile; a self-hosted server (BOT_API_ROOT) has no such limit. */
export const BOT_API_DOWNLOAD_LIMIT = 20 * MB;
/** Ours for any server: the composer's video limit. Larger files are watched in Telegram. */
const STORED_LIMIT = 500 * MB;
const OFFICIAL_API = "https://api.telegram.org";
const SNIFF_BYTES = 4100;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
// Only what the feed plays or shows inline is stored; any other document stays a link to the post.
const STORED_TYPES: readonly string[] = [...IMAGE_TYPES, ...VIDEO_TYPES];

export interface FileFetcherDeps {
  api: Api;
  token: string;
  apiRoot: string;
  storage: MediaStorage;
}

/**
 * Fetches a post's file (or the channel's photo) through getFile into a bucket (message-images unless told), streaming with a byte cap,
 * its type taken from its bytes. Undefined when it is too large for the Bot API or ours, or not an
 * image or video: the feed then links to the post in Telegram.
 */
export function fileFetcher(deps: FileFetcherDeps) {
  const limit = deps.apiRoot === OFFICIAL_API ? BOT_API_DOWNLOAD_LIMIT : STORED_LIMIT;
  return async (
    ref: MediaRef,
    nameStem: string,
    bucket: Bucket = "message-images",
  ): Promise<string | undefined> => {
    if (ref.size !== undefined && ref.size > limit) return undefined;
    const file = await deps.api.getFile(ref.fileId);
    if (!file.file_path) return undefined;
    const response = await fetch(`${deps.apiRoot}/file/bot${deps.token}/${file.file_path}`, {
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    });
    if (!response.ok || !response.body) throw new Error(`file download failed: HTTP ${response.status}`);
    const chunks = capped(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), limit);
    const head: Buffer[] = [];
    let headBytes = 0;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      head.push(next.value);
      headBytes += next.value.length;
      if (headBytes >= SNIFF_BYTES) break;
    }
    const type = await fileTypeFromBuffer(Buffer.concat(head));
    if (!type || !STORED_TYPES.includes(type.mime)) {
      await chunks.return(undefined);
      return undefined;
    }
    async function* whole() {
      yield* head;
      yield* { [Symbol.asyncIterator]: () => chunks };
    }
    return deps.storage.put(bucket, `${nameStem}.${type.ext}`, Readable.from(whole()), type.mime);
  };
}

export type FileFetcher = ReturnType<typeof fileFetcher>;

/** The bytes of a stream, failing once they pass `limit` (a server that says less than it sends). */
async function* capped(source: AsyncIterable<Buffer>, limit: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > limit) throw new Error("file larger than its limit");
    yield chunk;
  }
}
