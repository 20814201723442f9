import { eq, sql } from "drizzle-orm";
import { type IncomingForm, storeUpload } from "#api/domain/uploads";
import { profiles } from "#db/schema/index";
import type { ServiceContext } from "../context";

const BUCKET = "avatars";

/**
 * Streams the form's file into storage as `{userId}/{userId}-{timestamp}.{ext}` through the
 * upload pipeline, then points the profile at it and removes the previous file.
 */
export async function storeAvatar(ctx: ServiceContext, userId: string, form: IncomingForm): Promise<string> {
  const { url } = await storeUpload(form, ctx, "avatar", {
    owner: userId,
    at: ctx.now().getTime(),
  });
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
  const bucketPrefix = `${ctx.storage.urlBase}/${BUCKET}/`;
  if (!url.startsWith(`${bucketPrefix}${userId}/`)) return;
  try {
    await ctx.storage.remove(BUCKET, url.slice(bucketPrefix.length));
  } catch (error) {
    ctx.log.warn("could not remove an avatar file", { userId, error: String(error) });
  }
}
