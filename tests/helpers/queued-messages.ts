import { asc, eq } from "drizzle-orm";
import type { Db } from "#db/client";
import { outbox } from "#db/schema/index";

/**
 * The outbox rows queued for a member, oldest first: what the enqueuers decided (kind, channel,
 * chat, payload, dedupe key, state). Until the outbox's sender lands, tests of the enqueuers assert
 * these rows rather than the Bot API's calls.
 */
export const queuedFor = (db: Db, userId: string) =>
  db
    .select({
      kind: outbox.kind,
      channel: outbox.channel,
      chatId: outbox.chatId,
      payload: outbox.payload,
      dedupeKey: outbox.dedupeKey,
      state: outbox.state,
    })
    .from(outbox)
    .where(eq(outbox.userId, userId))
    .orderBy(asc(outbox.createdAt), asc(outbox.id));
