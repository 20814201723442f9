import { postMessageMessages } from "#api/contracts/feed";
import { uploadKinds } from "#api/contracts/uploads";
import { uploadProblem } from "../lib/upload-rules";

/** An image or a video within its limit (lib/upload-rules.ts). */
export const attachmentProblem = (file: { type: string; size: number }): string | null =>
  uploadProblem(uploadKinds.messageAttachment, file);

/** Text or an attachment is needed; blank text counts as none. */
export const messageProblem = (text: string, hasFile: boolean): string | null =>
  text.trim() === "" && !hasFile ? postMessageMessages.empty : null;
