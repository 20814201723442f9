import { z } from "zod";

/**
 * A product or a post made ready to share into any chat: Telegram's id of the prepared inline
 * message (savePreparedInlineMessage), which the Mini App passes to `shareMessage` (decision 110).
 */
export const preparedShareSchema = z.object({ preparedMessageId: z.string().min(1) });

export const shareMessages = {
  productNotFound: "Product not found",
  needsTelegram: "Sharing into Telegram needs an account linked to Telegram",
  unavailable: "Sharing through Telegram is not available: the bot is off",
  failed: "Telegram could not prepare the message. Please try again",
} as const;
