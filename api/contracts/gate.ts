import { z } from "zod";
import { botStateSchema } from "./bot-status";
import { idSchema } from "./ids";

/**
 * The gate (docs/decisions/120-the-gate.md): which Telegram chats (the channel, groups the bot
 * administers) a member's plan opens, who is in them, and the join requests the bot decides.
 */

export const gateMessages = {
  badAccess: "Choose who may join: everyone, or members of the tiers you pick",
  tiersRequired: "Choose at least one tier",
  unknownTier: "A chosen tier does not exist",
  chatNotFound: "Chat not found",
  notGranted: "Your plan does not open this chat",
  botCannotInvite:
    "The bot cannot invite people to this chat: make it an administrator allowed to invite users",
} as const;

/** A Telegram chat id: a signed 52-bit integer (channels and supergroups are negative, -100…). */
export const chatIdSchema = z
  .string()
  .regex(/^-?\d{1,16}$/, gateMessages.chatNotFound)
  .transform((id) => String(BigInt(id)));

export const chatKinds = ["channel", "group", "supergroup"] as const;
export type ChatKind = (typeof chatKinds)[number];

/** Who may be in a chat: everyone (the default, until an admin gates it), or members of these tiers. */
export const chatAccessSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("open") }),
    z.object({
      kind: z.literal("tiers"),
      tierIds: z
        .array(idSchema(gateMessages.unknownTier))
        .min(1, gateMessages.tiersRequired)
        .max(50, gateMessages.unknownTier)
        .transform((ids) => [...new Set(ids)]),
    }),
  ],
  { error: gateMessages.badAccess },
);
export type ChatAccess = z.output<typeof chatAccessSchema>;

export const putChatAccessSchema = z.object({ access: chatAccessSchema });

/** The rights the gate needs from the bot in a chat; a missing one is named on the Chats screen. */
export const botRightNames = ["inviteUsers", "banUsers", "manageTags"] as const;
export type BotRightName = (typeof botRightNames)[number];

/** One chat as Administration › Chats shows it. */
export const adminChatSchema = z.object({
  /** Telegram's id, as a decimal string (it does not fit a JSON number's safe range for every chat). */
  chatId: z.string(),
  kind: z.enum(chatKinds),
  title: z.string(),
  username: z.string().nullable(),
  /** The chat named by TELEGRAM_CHANNEL_ID. */
  isMainChannel: z.boolean(),
  /** The bot is an administrator there (as last reported by Telegram). */
  botIsAdmin: z.boolean(),
  /** Rights the bot has; `missing` names those the gate needs and lacks (tags: groups only). */
  rights: z.object({
    inviteUsers: z.boolean(),
    banUsers: z.boolean(),
    manageTags: z.boolean(),
  }),
  missing: z.array(z.enum(botRightNames)),
  access: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("open") }),
    z.object({ kind: z.literal("tiers"), tierIds: z.array(z.string()) }),
  ]),
  counts: z.object({
    /** People the gate has seen in the chat (Telegram gives bots no member list). */
    known: z.number().int(),
    /** Of those, how many their plan (or role) lets stay. */
    withAccess: z.number().int(),
    /** Of those, how many wait for removal. */
    toRemove: z.number().int(),
    /** Join requests waiting for a decision. */
    pendingRequests: z.number().int(),
  }),
});
export type AdminChat = z.infer<typeof adminChatSchema>;

export const adminChatsSchema = z.object({
  chats: z.array(adminChatSchema),
  /** Without a running bot nothing is learned or enforced; the screen says so. */
  botRunning: z.boolean(),
  /** The bot's state: why it is not running (decision 121). */
  bot: botStateSchema,
});
export type AdminChats = z.infer<typeof adminChatsSchema>;

export const joinRequestStates = ["pending", "approved", "declined"] as const;

/**
 * One chat as the Mini App lists it for a member: every gated chat their plan (or role) opens, and
 * any chat they asked to join (a join request), whether their plan opens it yet or not.
 */
export const memberChatSchema = z.object({
  chatId: z.string(),
  kind: z.enum(chatKinds),
  title: z.string(),
  /** Their plan or role lets them in. */
  granted: z.boolean(),
  /** The tiers that open it, cheapest first (names for "Pick a plan to join"); empty when open. */
  tierIds: z.array(z.string()),
  /** The member is in it already (as the gate last saw). */
  joined: z.boolean(),
  /** Their latest join request to it, if any. */
  request: z.enum(joinRequestStates).nullable(),
});
export type MemberChat = z.infer<typeof memberChatSchema>;

export const memberChatsSchema = z.object({ chats: z.array(memberChatSchema) });
export type MemberChats = z.infer<typeof memberChatsSchema>;

/** A personal invite link (creates a join request; named for the member; revoked when access ends). */
export const chatInviteSchema = z.object({ link: z.string() });
export type ChatInvite = z.infer<typeof chatInviteSchema>;
