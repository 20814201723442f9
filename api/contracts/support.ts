import { z } from "zod";
import { orderStatuses } from "./checkout";
import { idSchema } from "./ids";
import { moneySchema } from "./money";
import { pageFields, pageQuery } from "./paging";

/** The longest message a member or staff may write (Telegram's limit for one message is 4096). */
export const SUPPORT_TEXT_MAX = 2000;
/** The newest messages a conversation shows; older ones are kept but not sent. */
export const SUPPORT_HISTORY = 200;

export const supportMessages = {
  empty: "Write a message or attach an image",
  tooLong: `Message must be at most ${SUPPORT_TEXT_MAX} characters`,
  conversationNotFound: "Conversation not found",
  orderNotFound: "Order not found",
} as const;

/**
 * POST /api/me/conversation/messages and POST /api/admin/conversations/:id/messages are
 * multipart/form-data: the text field `text` (and, for a member, `orderId`) FIRST, then optionally
 * one image as `file`. Text or an image is needed.
 */
export const supportMessageFieldsSchema = z.object({
  text: z.string().trim().max(SUPPORT_TEXT_MAX, supportMessages.tooLong).default(""),
  orderId: idSchema(supportMessages.orderNotFound).optional(),
});

export const supportSenderSchema = z.enum(["member", "staff"]);

/** One message as both sides read it. */
export const supportMessageSchema = z.object({
  id: z.uuid(),
  from: supportSenderSchema,
  text: z.string(),
  imageUrl: z.string().nullable(),
  /** The order asked about, by its number. */
  order: z.object({ id: z.uuid(), number: z.number().int() }).nullable(),
  /** Where the member wrote it: in the app or to the bot. */
  via: z.enum(["app", "bot"]),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** The member's conversation, oldest first (the newest SUPPORT_HISTORY); none yet is an empty list. */
export const memberConversationSchema = z.object({ messages: z.array(supportMessageSchema) });
export type MemberConversation = z.infer<typeof memberConversationSchema>;

export const postedSupportMessageSchema = z.object({ message: supportMessageSchema });
export type PostedSupportMessage = z.infer<typeof postedSupportMessageSchema>;

/** Who wrote in, as staff see them. */
export const supportMemberSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  telegramUsername: z.string().nullable(),
});

export const conversationSummarySchema = z.object({
  id: z.uuid(),
  member: supportMemberSchema,
  lastMessageAt: z.string(),
  /** The newest message, cut to a line. */
  preview: z.object({ from: supportSenderSchema, text: z.string(), hasImage: z.boolean() }).nullable(),
  /** The member's messages staff have not read. */
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationsQuerySchema = z.object(pageQuery);

export const conversationListSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  /** Conversations with unread messages, over all pages. */
  unreadConversations: z.number().int(),
  ...pageFields,
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/** An open conversation with what staff want beside it: the member's plan and recent orders. */
export const conversationDetailSchema = z.object({
  conversation: conversationSummarySchema,
  messages: z.array(supportMessageSchema),
  plan: z.object({ tierName: z.string() }).nullable(),
  recentOrders: z.array(
    z.object({
      id: z.uuid(),
      number: z.number().int(),
      status: z.enum(orderStatuses),
      total: moneySchema,
      createdAt: z.string(),
    }),
  ),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;
