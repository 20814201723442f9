import { POST_TIERS_MAX, postMessageMessages } from "#api/contracts/feed";
import { isUuid } from "#api/contracts/ids";
import { countTiers, type PostTier, readPostAccess } from "#db/queries/channel/post-access";
import type { ServiceContext } from "../context";
import { Refusal } from "../refusal";

/*
 * Posts for some tiers (decision 118). A post's tiers are a set; empty, it is for every member.
 * Whoever may not read a post gets its locked shape from the feed and a refusal (post_locked) from
 * every other way to it: its translation, its share card, its files under /media.
 */

/** Who reads: their current tier (profiles.membership_tier_id) and whether they hold a staff role. */
export interface PostReader {
  readerTierId: string | null;
  readerIsStaff: boolean;
}

/** Staff read every post; anyone else a post for no tiers, or one for the tier they are on. */
export const mayRead = (tierIds: readonly string[], reader: PostReader): boolean =>
  tierIds.length === 0 ||
  reader.readerIsStaff ||
  (reader.readerTierId !== null && tierIds.includes(reader.readerTierId));

/**
 * The post's tiers in the order they are named, the plan that opens it first: tiers still offered
 * before retired ones, then the lowest level (the cheapest plan) first.
 */
export const openingFirst = (tiers: readonly PostTier[]): PostTier[] =>
  [...tiers].sort((a, b) => Number(b.active) - Number(a.active) || a.level - b.level);

/**
 * The published post, when this member may read it: message_not_found for none (or a malformed
 * id), post_locked when it is for tiers they are not on.
 */
export async function assertReadable(
  ctx: Pick<ServiceContext, "db">,
  messageId: string,
  readerId: string,
): Promise<void> {
  const post = isUuid(messageId) ? await readPostAccess(ctx.db, messageId, readerId) : undefined;
  if (!post) throw new Refusal("message_not_found");
  if (!mayRead(post.tierIds, post)) throw new Refusal("post_locked");
}

/** The tiers a post is for, as chosen (distinct); invalid_post when one names no tier. */
export async function checkedTiers(ctx: Pick<ServiceContext, "db">, tierIds: string[]): Promise<string[]> {
  const distinct = [...new Set(tierIds.map((id) => id.toLowerCase()))];
  if (
    distinct.length > POST_TIERS_MAX ||
    !distinct.every(isUuid) ||
    (await countTiers(ctx.db, distinct)) !== distinct.length
  )
    throw new Refusal("invalid_post", { message: postMessageMessages.unknownTier });
  return distinct;
}
