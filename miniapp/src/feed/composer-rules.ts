import { postMessageMessages } from "#api/contracts/feed";
import { uploadKinds } from "#api/contracts/uploads";

/** The composer's texts, as the spec words them. */
export const composerMessages = {
  empty: postMessageMessages.empty,
  posted: "Success",
  postedText: "Message posted successfully",
  postFailed: "Failed to post message",
  uploadFailed: "Failed to upload image",
  // Ours: the spec has no channel to publish to.
  notPublished: "Not posted to the Telegram channel",
  notPublishedText:
    "The message is in the feed, but Telegram refused it. Check that the bot is an admin of the channel.",
  tooLargeForTelegram: "Bots can send Telegram files up to 50MB: the message is in the feed only.",
} as const;

const { wrongType, rules } = uploadKinds.messageAttachment;

/**
 * The spec's checks before an attachment is taken: an image or a video (by the type the browser
 * gives), within its limit. The server checks the bytes again.
 */
export function attachmentProblem(file: { type: string; size: number }): string | null {
  const family = file.type.split("/")[0];
  const rule =
    family === "image" || family === "video"
      ? rules.find((candidate) => candidate.types.some((type) => type.startsWith(`${family}/`)))
      : undefined;
  if (!rule) return wrongType;
  return file.size > rule.maxBytes ? rule.tooLarge : null;
}

/** Text or an attachment is needed; blank text counts as none. */
export const messageProblem = (text: string, hasFile: boolean): string | null =>
  text.trim() === "" && !hasFile ? composerMessages.empty : null;
