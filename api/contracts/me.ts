import { z } from "zod";
import { languages } from "./languages";
import { roleSchema } from "./roles";

/** The signed-in person's own account. */
export const meSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  /** The owner proved `email` through a mailed link; only then can ADMIN_EMAILS make it an admin. */
  emailVerified: z.boolean(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  ageVerified: z.boolean(),
  /** Telegram ids exceed 32 bits; a decimal string keeps them exact in any client. */
  telegramId: z.string().nullable(),
  telegramUsername: z.string().nullable(),
  /** False for a Telegram-only account: Password and Security then sets a first password. */
  hasPassword: z.boolean(),
  /** "Email me about orders": order mail when the bot does not reach the account (on by default). */
  orderEmails: z.boolean(),
  /** Settings › Notifications: news from the shop (broadcasts through the bot). */
  newsMessages: z.boolean(),
  /** Settings › Notifications: reminders before a plan ends, while payment is due, when it lapses. */
  planReminders: z.boolean(),
  /** Settings › Notifications: one reminder of a cart left behind. */
  cartReminders: z.boolean(),
  /**
   * The bot may write to this account (it started the bot or a launch allowed it, and has not
   * blocked it since): the Mini App asks for write access only when false (decision 106).
   */
  botWritable: z.boolean(),
  /** The language the app, the bot and mail use for this person (English until one is known). */
  language: z.enum(languages),
  roles: z.array(roleSchema),
  createdAt: z.string(),
});
export type Me = z.infer<typeof meSchema>;
