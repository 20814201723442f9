import { enqueue, recipientLanguage } from "#api/domain/messaging";
import { recipientsOf } from "#db/queries/messaging/recipients";
import type { ServiceContext } from "../context";
import { serverText } from "../i18n/translate";

/** Telegram's limit for one message's text. */
const TELEGRAM_TEXT_LIMIT = 4096;

/** What a staff reply says, for the notice through the bot. */
export interface SupportReply {
  text: string;
  hasImage: boolean;
}

/** The notice in the member's language: the reply itself, and a word about its image. */
export function supportReplyNotice(language: Parameters<typeof serverText>[0], reply: SupportReply): string {
  const notice = !reply.text
    ? serverText(language, "support.replyImageOnly")
    : serverText(language, reply.hasImage ? "support.replyWithImage" : "support.reply", { text: reply.text });
  return notice.length <= TELEGRAM_TEXT_LIMIT ? notice : `${notice.slice(0, TELEGRAM_TEXT_LIMIT - 1)}…`;
}

/** Where the reply's button leads: the member's conversation in the app. */
export const HELP_PATH = "/settings/help";

/**
 * The one place a staff reply leaves for the member outside the app (docs/decisions/105, 109): one
 * `support_reply` row in the outbox, keyed by the reply's id, queued before the reply is answered.
 * The outbox's sender takes it from there at the bot's pace, retrying what Telegram does not take;
 * a member the bot cannot reach gets mail where their address is proven, else the row is counted
 * unreachable and the reply is read in the app. Replies are always on: no switch stops them.
 */
export async function deliverSupportReply(
  ctx: ServiceContext,
  memberId: string,
  replyId: string,
  reply: SupportReply,
): Promise<void> {
  const recipient = (await recipientsOf(ctx.db, [memberId])).get(memberId);
  if (!recipient) return;
  const language = recipientLanguage(recipient.language);
  await enqueue(ctx.db, [
    {
      kind: "support_reply",
      userId: memberId,
      reach: {
        telegramId: recipient.telegramId,
        botWritable: recipient.botWritable,
        verifiedEmail: recipient.verifiedEmail,
      },
      payload: {
        text: supportReplyNotice(language, reply),
        subject: serverText(language, "support.replySubject"),
        buttons: [{ text: serverText(language, "support.openHelp"), open: HELP_PATH }],
      },
      dedupeKey: `support_reply:${replyId}`,
    },
  ]);
}
