import { postMessageMessages } from "#api/contracts/feed";
import { uploadKinds } from "#api/contracts/uploads";
import { uploadProblem } from "../lib/upload-rules";

/** The composer's texts, in the original product's wording. */
export const composerMessages = {
  empty: postMessageMessages.empty,
  posted: "Success",
  postedText: "Message posted successfully",
  postFailed: "Failed to post message",
  uploadFailed: "Failed to upload image",
  // Ours: the original product has no channel to publish to.
  notPublished: "Not posted to the Telegram channel",
  notPublishedText:
    "The message is in the feed, but Telegram refused it. Check that the bot is an admin of the channel.",
  tooLargeForTelegram: "Bots can send Telegram files up to 50MB: the message is in the feed only.",
} as const;

/** An image or a video within its limit (lib/upload-rules.ts). */
export const attachmentProblem = (file: { type: string; size: number }): string | null =>
  uploadProblem(uploadKinds.messageAttachment, file);

/** Text or an attachment is needed; blank text counts as none. */
export const messageProblem = (text: string, hasFile: boolean): string | null =>
  text.trim() === "" && !hasFile ? composerMessages.empty : null;
