import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { cancelQueuedActions, insertOutboxRows, insertSegmentRows } from "#db/queries/messaging/outbox";
import { botWritableSql, verifiedEmailSql } from "#db/queries/messaging/recipients";
import type { OutboxKind } from "#db/schema/index";
import type { MailBody } from "../../ports/mailer";
import type { TransportAction } from "../../ports/outbox-transport";
import { outboxKinds } from "./kinds";

/** A button under an outbox message: one that opens a Mini App path, or one that stops this kind. */
export type OutboxButton = { text: string; open: string } | { text: string; stop: OutboxKind };

/** What a row sends, rendered in the recipient's language when enqueued. */
export interface OutboxPayload {
  text: string;
  /** A stored image ("bucket/name"), sent as a photo with the text as its caption. */
  image?: string;
  buttons?: OutboxButton[];
  /** Mail rows: the subject line. */
  subject?: string;
  /** Mail rows: the whole mail, text and HTML, where it says more than the bot's text. */
  mail?: MailBody;
  /** Mail rows: the address, where it is not the member's proven one (a receipt to the address they gave). */
  to?: string;
}

/** Where a member can be reached by the bot, by mail, or not at all (decision 106). */
export interface Reach {
  telegramId: bigint | null;
  /** The bot may write: the member started it or a launch allowed it, and has not blocked it since. */
  botWritable: boolean;
  /** A proven address, for kinds that fall back to mail. */
  verifiedEmail: string | null;
}

export interface OutboxMessage {
  kind: OutboxKind;
  /** The member; null for a person without an account (a join request's answer through user_chat_id). */
  userId: string | null;
  reach: Reach;
  payload: OutboxPayload;
  broadcastId?: string;
  /** A message that must exist once ever (a reminder for one period): a second enqueue is skipped. */
  dedupeKey?: string;
  /** Not before this time (a scheduled broadcast); now by default. */
  notBefore?: Date;
}

/**
 * Queues messages for the sender. A member the bot may write to gets the bot's chat; one it may not
 * gets mail where the kind allows it and an address is proven (or given in the payload); anyone else is recorded unreachable,
 * counted and never attempted. Returns how many rows were new (dedupe keys already queued are not).
 * @public the senders of issue 38 (broadcasts, reminders, support replies) call it.
 */
export function enqueue(db: Db, messages: OutboxMessage[]): Promise<number> {
  return insertOutboxRows(
    db,
    messages.map((message) => {
      const { reach } = message;
      const base = {
        kind: message.kind,
        userId: message.userId,
        payload: message.payload,
        broadcastId: message.broadcastId,
        dedupeKey: message.dedupeKey,
        nextAttemptAt: message.notBefore,
      };
      if (reach.telegramId !== null && reach.botWritable)
        return { ...base, channel: "telegram" as const, chatId: reach.telegramId };
      if ((message.payload.to ?? reach.verifiedEmail) && outboxKinds[message.kind].mailFallback)
        return { ...base, channel: "mail" as const, chatId: null };
      return {
        ...base,
        channel: "telegram" as const,
        chatId: reach.telegramId,
        state: "unreachable" as const,
      };
    }),
  );
}

/** A message to every member of a segment: the members as a condition over users joined to profiles. */
export interface OutboxSegment {
  kind: OutboxKind;
  members: SQL;
  /** The payload in each language (by language code, "en" always among them); a member gets theirs. */
  payloads: Record<string, OutboxPayload>;
  broadcastId: string;
  /** Not before this time; the rows of members no way reaches are recorded unreachable at it. */
  at: Date;
}

/**
 * Queues one row per member of the segment in one statement, by enqueue's reach rule: the bot's chat
 * for a member it may write to (decision 106), else mail at a proven address where the kind falls
 * back to mail, else unreachable (counted, never attempted). A second call adds nobody twice.
 * Returns how many rows were new.
 */
export function enqueueSegment(db: Db, segment: OutboxSegment): Promise<number> {
  return insertSegmentRows(db, {
    ...segment,
    byTelegram: botWritableSql,
    byMail: outboxKinds[segment.kind].mailFallback ? sql`${verifiedEmailSql} is not null` : sql`false`,
  });
}

/** One gate action (decision 120): the Bot API call, and whom it concerns. */
export interface OutboxAction {
  action: TransportAction;
  /** The account it concerns, if any: its rows go with the account. */
  userId?: string | null;
  /** An action that must happen once (a removal per access-ending episode): a second enqueue is skipped. */
  dedupeKey?: string;
  /** It replaces the same call (action, chat, person) still queued: a tag set anew. */
  replacesQueued?: boolean;
}

/**
 * Queues the gate's Bot API calls (approve, decline, answer, remove, revoke, tag, announce) as
 * chat_action rows: sent at the lane's pace with every other row, durable across restarts, each once
 * by its dedupe key. No chat_id: the one-message-a-second rule for a chat is for messages. One that
 * replaces a queued call cancels it first. Returns how many rows were new.
 */
export async function enqueueActions(db: Db, actions: OutboxAction[]): Promise<number> {
  await cancelQueuedActions(
    db,
    actions.flatMap(({ action, replacesQueued }) =>
      replacesQueued && "chatId" in action && "userId" in action
        ? [{ action: action.action, chatId: action.chatId, userId: action.userId }]
        : [],
    ),
  );
  return insertOutboxRows(
    db,
    actions.map((action) => ({
      kind: "chat_action" as const,
      userId: action.userId ?? null,
      channel: "telegram" as const,
      chatId: null,
      payload: action.action,
      dedupeKey: action.dedupeKey,
    })),
  );
}
