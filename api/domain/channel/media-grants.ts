import { createHmac, timingSafeEqual } from "node:crypto";
import { serverKey } from "#db/queries/auth/person-keys";
import { tieredPostOfFile } from "#db/queries/channel/post-access";
import type { ServiceContext } from "../context";
import { type Bucket, MEDIA_PATH } from "../ports/media-storage";
import { Refusal } from "../refusal";

/*
 * The files of a post for some tiers (decision 118). /media asks for no session (decision 011), and
 * an <img> in the Mini App could not send one: the feed hands such a file's URL, with a grant, only
 * to whoever may read the post, and /media serves it only with a grant still valid.
 */

/** The server key grants are signed with (server_keys). */
const GRANT_KEY = "media_grants";
/** The bucket of the feed's files, posted in the app or relayed. */
const POST_FILES: Bucket = "message-images";
const HOUR_MS = 3_600_000;
/** The query parameter that carries a grant: `<expiry, Unix seconds>.<signature>`. */
export const GRANT_PARAMETER = "grant";

/**
 * A grant ends at the end of the next full hour: one URL for an hour, so the browser's cache keeps
 * the file, and good for one to two hours from when the feed handed it out.
 */
export const grantExpiry = (now: Date): number => (Math.ceil(now.getTime() / HOUR_MS) + 1) * (HOUR_MS / 1000);

const signature = (key: string, path: string, expires: number): string =>
  createHmac("sha256", key).update(`${path}\n${expires}`).digest("base64url").slice(0, 32);

/** Our /media URL with a grant until `expires`; a URL of a bucket's own (S3_PUBLIC_URL) as it is. */
export function grantedUrl(key: string, url: string, expires: number): string {
  if (!url.startsWith(`${MEDIA_PATH}/`)) return url;
  const path = url.split("?")[0] ?? url;
  return `${path}?${GRANT_PARAMETER}=${expires}.${signature(key, path, expires)}`;
}

/** The grant is for this path, signed with the key, and not yet over. */
export function validGrant(key: string, path: string, grant: string, now: Date): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(grant);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(key, path, expires));
  const given = Buffer.from(match[2] ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The key grants are signed with (made by whichever process needs it first). */
export const mediaGrantKey = (ctx: Pick<ServiceContext, "db">): Promise<string> =>
  serverKey(ctx.db, GRANT_KEY);

/**
 * /media's rule: a file of a post for some tiers is served only with a valid grant (post_locked,
 * 403, without one); every other file as before.
 */
export async function assertFileReadable(
  ctx: Pick<ServiceContext, "db" | "now">,
  bucket: string,
  name: string,
  grant: string | undefined,
): Promise<void> {
  if (bucket !== POST_FILES) return;
  const path = `${MEDIA_PATH}/${bucket}/${name}`;
  if (!(await tieredPostOfFile(ctx.db, path))) return;
  if (grant && validGrant(await mediaGrantKey(ctx), path, grant, ctx.now())) return;
  throw new Refusal("post_locked");
}
