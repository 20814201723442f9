import { and, eq } from "drizzle-orm";
import { fromCents, toCents } from "#api/contracts/money";
import {
  type ConversationDetail,
  type ConversationList,
  type ConversationSummary,
  type MemberConversation,
  type PostedSupportMessage,
  SUPPORT_HISTORY,
  type SupportMessage,
  supportMessageFieldsSchema,
} from "#api/contracts/support";
import { hasInvalidText } from "#api/contracts/text";
import { limits, notePersonSeen, reserveAttempt } from "#api/domain/auth";
import { type IncomingForm, type ReceivedForm, storeForm } from "#api/domain/uploads";
import { errorFields } from "#api/process/logger";
import { findAccountByTelegramId } from "#db/queries/accounts/accounts";
import { ordersOfMember } from "#db/queries/orders/orders";
import { planOf } from "#db/queries/plans/plans";
import {
  addSupportMessage,
  type ConversationRow,
  conversationIdOfMember,
  findConversation,
  latestMessagesOf,
  latestSupportMessage,
  listConversations,
  markConversationRead,
  type NewSupportMessage,
  type SupportMessageRow,
  supportMessagesOf,
} from "#db/queries/support/support";
import { orders, profiles, users } from "#db/schema/index";
import type { ServiceContext } from "../context";
import { Refusal } from "../refusal";
import { deliverSupportReply } from "./support-delivery";

/** Orders shown beside an open conversation. */
const RECENT_ORDERS = 5;
/** The list's preview of the newest message. */
const PREVIEW_CHARS = 120;
/** A member's messages closer together than this are one run: the bot acknowledges the first only. */
const ACKNOWLEDGE_AFTER_MS = 30 * 60_000;

const toMessage = (row: SupportMessageRow): SupportMessage => ({
  id: row.id,
  from: row.sender,
  text: row.body,
  imageUrl: row.imageUrl,
  order: row.orderId && row.orderNumber !== null ? { id: row.orderId, number: row.orderNumber } : null,
  via: row.via,
  createdAt: row.createdAt.toISOString(),
});

/** The member's conversation, oldest first; empty before their first message. */
export async function memberConversation(ctx: ServiceContext, userId: string): Promise<MemberConversation> {
  const id = await conversationIdOfMember(ctx.db, userId);
  return { messages: id ? (await supportMessagesOf(ctx.db, id, SUPPORT_HISTORY)).map(toMessage) : [] };
}

/** The form's text (and order) checked; a refused form removes its stored image, leaving nothing. */
async function checkedForm(
  ctx: ServiceContext,
  { fields, upload }: ReceivedForm,
  check: (fields: { text: string; orderId?: string | undefined }) => Promise<void>,
): Promise<{ text: string; orderId: string | undefined; imageUrl: string | null }> {
  try {
    if (hasInvalidText(fields.text)) throw new Refusal("invalid_text");
    const parsed = supportMessageFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      // An order id that is no UUID names no order of theirs.
      if (first?.path[0] === "orderId") throw new Refusal("order_not_found");
      throw new Refusal("invalid_support_message", { message: first?.message ?? "Invalid request" });
    }
    if (!parsed.data.text && !upload) throw new Refusal("empty_support_message");
    await check(parsed.data);
    return { text: parsed.data.text, orderId: parsed.data.orderId, imageUrl: upload?.url ?? null };
  } catch (error) {
    if (upload) {
      await ctx.storage.remove(upload.bucket, upload.name).catch((removal: unknown) => {
        ctx.log.warn("could not remove a refused support image", {
          name: upload.name,
          ...errorFields(removal),
        });
      });
    }
    throw error;
  }
}

/** An order the member may ask about: their own. */
async function assertOwnOrder(ctx: ServiceContext, userId: string, orderId: string | undefined) {
  if (!orderId) return;
  const [row] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new Refusal("order_not_found");
}

/**
 * A member writes to the shop from the app: counted against their limit before anything is read,
 * then the form (text, an optional order of theirs, one image) stored.
 */
export async function writeToShop(
  ctx: ServiceContext,
  userId: string,
  incoming: IncomingForm,
): Promise<PostedSupportMessage> {
  await reserveAttempt(ctx.db, ctx.now(), [limits.supportMember, userId]);
  const form = await storeForm(incoming, ctx, "supportImage", { owner: userId, at: ctx.now().getTime() });
  const { text, orderId, imageUrl } = await checkedForm(ctx, form, ({ orderId }) =>
    assertOwnOrder(ctx, userId, orderId),
  );
  const row = await addSupportMessage(ctx.db, userId, {
    sender: "member",
    authorId: userId,
    body: text,
    imageUrl,
    orderId: orderId ?? null,
    via: "app",
  });
  return { message: toMessage(row) };
}

/** Who wrote to the bot, as Telegram says. */
export interface TelegramSender {
  telegramId: bigint;
  username: string | null;
  fullName: string | null;
  languageCode: string | null;
}

/** What the bot does after a member's message: acknowledge it (the first of a run), or nothing. */
export type BotIntake =
  | { stored: true; acknowledge: boolean }
  | { stored: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * A member's text or photo sent to the bot becomes a message of their conversation. Someone the app
 * has not met yet gets an account, as their first launch of the Mini App would make. The image is
 * fetched (by the bot, through `storeImage`) only once the message is allowed.
 */
export async function writeFromBot(
  ctx: ServiceContext,
  sender: TelegramSender,
  message: { text: string; storeImage?: (owner: string) => Promise<string | undefined> },
): Promise<BotIntake> {
  const userId = await accountForTelegram(ctx, sender);
  try {
    await reserveAttempt(ctx.db, ctx.now(), [limits.supportMember, userId]);
  } catch (error) {
    if (error instanceof Refusal && error.reason === "rate_limited") {
      const { retryAfterSeconds } = error.detail as { retryAfterSeconds: number };
      return { stored: false, reason: "rate_limited", retryAfterSeconds };
    }
    throw error;
  }
  const imageUrl = (await message.storeImage?.(userId)) ?? null;
  const text = message.text.trim().slice(0, 4096);
  if (!text && !imageUrl) return { stored: true, acknowledge: false };
  const conversationId = await conversationIdOfMember(ctx.db, userId);
  const previous = conversationId ? await latestSupportMessage(ctx.db, conversationId) : undefined;
  await addSupportMessage(ctx.db, userId, {
    sender: "member",
    authorId: userId,
    body: text,
    imageUrl,
    orderId: null,
    via: "bot",
  });
  const acknowledge =
    !previous ||
    previous.sender === "staff" ||
    ctx.now().getTime() - previous.createdAt.getTime() > ACKNOWLEDGE_AFTER_MS;
  return { stored: true, acknowledge };
}

async function accountForTelegram(ctx: ServiceContext, sender: TelegramSender): Promise<string> {
  const known = await findAccountByTelegramId(ctx.db, sender.telegramId);
  if (known) return known.id;
  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ telegramId: sender.telegramId, telegramUsername: sender.username })
      .onConflictDoNothing({ target: users.telegramId })
      .returning({ id: users.id });
    if (!created) {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.telegramId, sender.telegramId));
      if (!existing) throw new Error("telegram user vanished while writing to the shop");
      return existing.id;
    }
    await tx
      .insert(profiles)
      .values({ id: created.id, fullName: sender.fullName, language: sender.languageCode });
    await notePersonSeen(tx, { telegramId: sender.telegramId }, ctx.now());
    return created.id;
  });
}

const summaryOf = (
  row: ConversationRow,
  latest: { sender: "member" | "staff"; body: string; hasImage: boolean } | undefined,
): ConversationSummary => ({
  id: row.id,
  member: {
    id: row.userId,
    name: row.fullName,
    email: row.email,
    telegramUsername: row.telegramUsername,
  },
  lastMessageAt: row.lastMessageAt.toISOString(),
  preview: latest
    ? {
        from: latest.sender,
        text: latest.body.replace(/\s+/g, " ").slice(0, PREVIEW_CHARS),
        hasImage: latest.hasImage,
      }
    : null,
  unread: row.staffUnread,
});

/** The inbox: conversations newest first, a page at a time. */
export async function conversationsForStaff(
  ctx: ServiceContext,
  page: { page: number; pageSize: number },
): Promise<ConversationList> {
  const { rows, total, unread } = await listConversations(ctx.db, {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
  });
  const latest = await latestMessagesOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    conversations: rows.map((row) => summaryOf(row, latest.get(row.id))),
    unreadConversations: unread,
    total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

async function conversationOrRefuse(ctx: ServiceContext, id: string): Promise<ConversationRow> {
  const row = await findConversation(ctx.db, id);
  if (!row) throw new Refusal("conversation_not_found");
  return row;
}

/** An open conversation with the member's plan and recent orders beside it. */
export async function conversationForStaff(ctx: ServiceContext, id: string): Promise<ConversationDetail> {
  const row = await conversationOrRefuse(ctx, id);
  const [messages, plan, recent] = await Promise.all([
    supportMessagesOf(ctx.db, id, SUPPORT_HISTORY),
    planOf(ctx.db, row.userId),
    ordersOfMember(ctx.db, row.userId, RECENT_ORDERS),
  ]);
  const last = messages.at(-1);
  return {
    conversation: summaryOf(
      row,
      last ? { sender: last.sender, body: last.body, hasImage: last.imageUrl !== null } : undefined,
    ),
    messages: messages.map(toMessage),
    plan: plan.tier ? { tierName: plan.tier.displayName } : null,
    recentOrders: recent.map((order) => ({
      id: order.id,
      number: order.number,
      status: order.status as "placed" | "fulfilled" | "cancelled",
      total: fromCents(toCents(order.totalCredits)),
      createdAt: order.createdAt.toISOString(),
    })),
  };
}

/** Staff have read the conversation: its unread count goes to 0. */
export async function readConversation(ctx: ServiceContext, id: string): Promise<void> {
  if (!(await markConversationRead(ctx.db, id))) throw new Refusal("conversation_not_found");
}

/**
 * A staff reply: stored (which also marks the conversation read: whoever answers has read it), then
 * queued in the outbox for the member's chat (or mail); the app shows it live either way.
 */
export async function replyAsStaff(
  ctx: ServiceContext,
  staffId: string,
  conversationId: string,
  incoming: IncomingForm,
): Promise<PostedSupportMessage> {
  const conversation = await conversationOrRefuse(ctx, conversationId);
  const form = await storeForm(incoming, ctx, "supportImage", {
    owner: conversation.userId,
    at: ctx.now().getTime(),
  });
  // A reply names no order: only the member asks about one.
  const { text, imageUrl } = await checkedForm(ctx, form, async () => {});
  const reply: NewSupportMessage = {
    sender: "staff",
    authorId: staffId,
    body: text,
    imageUrl,
    orderId: null,
    via: "app",
  };
  const row = await addSupportMessage(ctx.db, conversation.userId, reply);
  await markConversationRead(ctx.db, conversationId);
  await deliverSupportReply(ctx, conversation.userId, row.id, { text, hasImage: imageUrl !== null });
  return { message: toMessage(row) };
}
