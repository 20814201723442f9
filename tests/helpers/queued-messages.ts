import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Db } from "#db/client";
import { type OutboxKind, outbox } from "#db/schema/index";

/** The links an account is sent for its own sign-in (a sign-up's verification mail, a reset). */
const ACCOUNT_LINKS: OutboxKind[] = ["email_verification", "password_reset"];

/**
 * The outbox rows queued for a member, oldest first: what the enqueuers decided (kind, channel,
 * chat, payload, dedupe key, state). Only `kinds` when given; else every kind but the account's own
 * links, which every sign-up with mail queues. What the sender then delivers, tests assert through
 * drainOutbox (./drain-outbox.ts) and the fake Bot API's or SMTP server's records.
 */
export const queuedFor = (db: Db, userId: string, kinds?: OutboxKind[]) =>
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
    .where(
      and(
        eq(outbox.userId, userId),
        kinds ? inArray(outbox.kind, kinds) : notInArray(outbox.kind, ACCOUNT_LINKS),
      ),
    )
    .orderBy(asc(outbox.createdAt), asc(outbox.id));
