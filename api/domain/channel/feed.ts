import { startParams } from "#api/contracts/app-links";
import {
  type FeedMessage,
  type FeedPage,
  TRENDING_MIN_REACTIONS,
  TRENDING_WINDOW_HOURS,
} from "#api/contracts/feed";
import { canonicalId, isUuid } from "#api/contracts/ids";
import { telegramStartAppLink } from "#api/domain/messaging";
import {
  deleteMessage,
  type FeedCursor,
  type FeedRow,
  type FeedViewer,
  listFeedMessages,
  listFeedPage,
  type Reaction,
  reactionsOf,
  setPinned,
  setReaction,
} from "#db/queries/channel/feed";
import type { ServiceContext } from "../context";
import { openAiConfigured } from "../ports/openai-client";
import { Refusal } from "../refusal";
import { grantExpiry, grantedUrl, mediaGrantKey } from "./media-grants";
import { mayRead, openingFirst } from "./post-access";

/** The cursor is the last message's place in the feed's order, opaque to clients. */
export function encodeCursor({ pinned, createdAt, id }: FeedCursor): string {
  return Buffer.from(JSON.stringify([pinned, createdAt.toISOString(), id])).toString("base64url");
}

export function decodeCursor(text: string): FeedCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 3) {
      const [pinned, createdAt, text] = value as unknown[];
      const date = new Date(String(createdAt));
      const id = typeof text === "string" ? canonicalId(text) : undefined;
      if (typeof pinned === "boolean" && id && !Number.isNaN(date.getTime())) {
        return { pinned, createdAt: date, id };
      }
    }
  } catch {
    // Falls through to the refusal.
  }
  throw new Refusal("bad_cursor");
}

/** A page of the feed, one more row read than asked to know whether another page follows. */
export async function readFeedPage(
  ctx: ServiceContext,
  viewerId: string,
  cursor: string | undefined,
  limit: number,
): Promise<FeedPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await listFeedPage(ctx.db, feedViewer(ctx, viewerId), after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    messages: await present(ctx, page),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ pinned: last.isPinned, createdAt: last.createdAt, id: last.id })
        : null,
    telegramLinkPrefix: telegramStartAppLink(ctx, startParams.message),
    canTranslate: openAiConfigured(ctx.config),
  };
}

/**
 * The messages a live change named, as they are now: one that is gone (deleted, unpublished) is
 * simply absent, so the client drops it. Unknown or malformed ids are absent too.
 */
export async function readFeedMessages(
  ctx: ServiceContext,
  viewerId: string,
  ids: string[],
): Promise<FeedPage> {
  const rows = await listFeedMessages(
    ctx.db,
    feedViewer(ctx, viewerId),
    ids.filter((id) => isUuid(id)),
  );
  return {
    messages: await present(ctx, rows),
    nextCursor: null,
    telegramLinkPrefix: telegramStartAppLink(ctx, startParams.message),
    canTranslate: openAiConfigured(ctx.config),
  };
}

/** The viewer, with the start of the trending window (reactions since then count as recent). */
const feedViewer = (ctx: ServiceContext, viewerId: string): FeedViewer => ({
  id: viewerId,
  since: new Date(ctx.now().getTime() - TRENDING_WINDOW_HOURS * 3_600_000),
});

/**
 * Rows as the viewer sees them: their own reactions, the trending mark, the author or the channel.
 * A post for tiers the viewer is not on comes locked, without its words, link or files (decision
 * 118); the files of one they may read come with a grant, which /media asks for.
 */
async function present(ctx: Pick<ServiceContext, "db" | "now">, rows: FeedRow[]): Promise<FeedMessage[]> {
  const granted = rows.some((row) => row.tierIds.length > 0 && mayRead(row.tierIds, row));
  const grant = granted ? grantFor(await mediaGrantKey(ctx), grantExpiry(ctx.now())) : undefined;
  return rows.map((row) => {
    const locked = !mayRead(row.tierIds, row);
    const file = row.tierIds.length > 0 && grant ? grant : (url: string) => url;
    return {
      id: row.id,
      content: locked ? null : row.content,
      link: locked ? null : row.link,
      imageUrl: locked || !row.imageUrl ? null : file(row.imageUrl),
      isPinned: row.isPinned,
      createdAt: row.createdAt.toISOString(),
      hearts: row.hearts,
      flames: row.flames,
      trending: row.recentReactions >= TRENDING_MIN_REACTIONS,
      entities: locked ? null : row.entities,
      media: locked
        ? []
        : row.media.map(({ kind, url, name }) => ({
            kind,
            url: url === null ? null : file(url),
            ...(name ? { name } : {}),
          })),
      telegramUrl: locked ? null : row.telegramUrl,
      myReactions: row.myReactions,
      // Posts with no author are the channel's: relayed ones (unless an admin posted them through the
      // bot), the demo's, and those whose author's account is gone.
      author: row.hasAuthor
        ? { kind: "member" as const, name: row.authorName, avatarUrl: row.authorAvatarUrl }
        : { kind: "channel" as const, name: row.channelName, avatarUrl: row.channelLogoUrl },
      tiers: openingFirst(row.tiers).map(({ id, name }) => ({ id, name })),
      locked,
    };
  });
}

const grantFor = (key: string, expires: number) => (url: string) => grantedUrl(key, url, expires);

/** A member's heart or flame, on or off; the message's counts and the member's reactions after. */
export async function react(
  ctx: ServiceContext,
  userId: string,
  messageId: string,
  reaction: Reaction,
  on: boolean,
): Promise<{ hearts: number; flames: number; myReactions: Reaction[] }> {
  const counts = isUuid(messageId) ? await setReaction(ctx.db, messageId, userId, reaction, on) : undefined;
  if (!counts) throw new Refusal("message_not_found");
  return { ...counts, myReactions: (await reactionsOf(ctx.db, userId, [messageId])).get(messageId) ?? [] };
}

/** Staff pin or unpin a message. */
export async function pinMessage(ctx: ServiceContext, messageId: string, pinned: boolean): Promise<void> {
  if (!isUuid(messageId) || !(await setPinned(ctx.db, messageId, pinned))) {
    throw new Refusal("message_not_found");
  }
}

/** Staff delete a message. */
export async function removeMessage(ctx: ServiceContext, messageId: string): Promise<void> {
  if (!isUuid(messageId) || !(await deleteMessage(ctx.db, messageId))) {
    throw new Refusal("message_not_found");
  }
}
