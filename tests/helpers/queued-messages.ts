import { asc, eq } from "drizzle-orm";
import type { Db } from "#db/client";
import { outbox } from "#db/schema/index";

/**
 * The outbox rows queued for a member, oldest first: what the enqueuers decided (kind, channel,
 * chat, payload, dedupe key, state). What the sender then delivers, tests assert through
 * drainOutbox (./drain-outbox.ts) and the fake Bot API's or SMTP server's records.
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
