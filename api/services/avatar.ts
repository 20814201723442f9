import type { Readable } from "node:stream";
import { ReadableStream } from "node:stream/web";
import { eq, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { profiles } from "#db/schema/index";
import { AVATAR_MAX_BYTES, AVATAR_TYPES, accountMessages } from "../contracts/account";
import { AppError } from "../errors";
import type { ServiceContext } from "./context";

// file-type needs at most this many leading bytes to recognise any image format.
const SNIFF_BYTES = 4100;
const BUCKET = "avatars";

const tooLarge = () => new AppError("payload_too_large", accountMessages.imageTooLarge);
const notAnImage = () => new AppError("unsupported_media_type", accountMessages.imageRequired);

/**
 * Streams an avatar into storage as `{userId}/{userId}-{timestamp}.{ext}` (the spec's path). The
 * type comes from the magic bytes; the size is counted as bytes flow, and a file over 5MB fails the
 * write, so storage keeps nothing (it renames into place only when the stream ends cleanly).
 */
export async function storeAvatar(ctx: ServiceContext, userId: string, file: Readable): Promise<string> {
  const chunks = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let received = 0;
  let ended = false;
  while (received < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    received += next.value.length;
  }
  const stop = () => void chunks.return?.();
  if (received > AVATAR_MAX_BYTES) {
    stop();
    throw tooLarge();
  }
  const headBytes = Buffer.concat(head);
  const type = await fileTypeFromBuffer(headBytes);
  if (!type || !(AVATAR_TYPES as readonly string[]).includes(type.mime)) {
    stop();
    throw notAnImage();
  }

  let overLimit = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(headBytes);
      if (ended) controller.close();
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) {
        controller.close();
        return;
      }
      received += next.value.length;
      if (received > AVATAR_MAX_BYTES) {
        overLimit = true;
        stop();
        controller.error(tooLarge());
        return;
      }
      controller.enqueue(next.value);
    },
    cancel() {
      stop();
    },
  });

  const name = `${userId}/${userId}-${ctx.now().getTime()}.${type.ext}`;
  let url: string;
  try {
    url = await ctx.storage.put(BUCKET, name, body, type.mime);
  } catch (error) {
    if (overLimit) throw tooLarge();
    throw error;
  }

  const [previous] = await ctx.db
    .select({ avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, userId));
  await ctx.db
    .insert(profiles)
    .values({ id: userId, avatarUrl: url })
    .onConflictDoUpdate({ target: profiles.id, set: { avatarUrl: url, updatedAt: sql`now()` } });
  if (previous?.avatarUrl && previous.avatarUrl !== url) {
    await removeStoredAvatar(ctx, userId, previous.avatarUrl);
  }
  return url;
}

/** Removes a file we stored for this user; Telegram photo URLs and other people's files are left alone. */
export async function removeStoredAvatar(ctx: ServiceContext, userId: string, url: string): Promise<void> {
  const prefix = `/media/${BUCKET}/${userId}/`;
  if (!url.startsWith(prefix)) return;
  try {
    await ctx.storage.remove(BUCKET, url.slice(`/media/${BUCKET}/`.length));
  } catch (error) {
    ctx.log.warn("could not remove an avatar file", { userId, error: String(error) });
  }
}
