import { postMessageFieldsSchema, postMessageMessages } from "#api/contracts/feed";
import { uploadKinds } from "#api/contracts/uploads";
import { composerContract } from "../components/composer-contract";
import { uploadProblem } from "../lib/upload-rules";

/** An image or a video within its limit (lib/upload-rules.ts). */
export const attachmentProblem = (file: { type: string; size: number }): string | null =>
  uploadProblem(uploadKinds.messageAttachment, file);

/** The composer's form: POST /api/messages' text, trimmed; text or an attachment is needed. */
export const postMessageForm = composerContract(
  postMessageFieldsSchema,
  "content",
  postMessageMessages.empty,
);
