import type { ServiceContext } from "../../context";
import type { MailMessage } from "../../ports/mailer";
import type { TransportAction, TransportButton, TransportMessage } from "../../ports/outbox-transport";
import { publicPageLink } from "../app-links";
import type { ClaimedRow } from "./claim";
import type { OutboxPayload } from "./enqueue";

/** The stored payload (jsonb: an object, or its text on some drivers). */
const stored = (row: ClaimedRow): unknown =>
  typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload;

export const payloadOf = (row: ClaimedRow) => stored(row) as OutboxPayload;

/**
 * A chat_action row's payload: the gate's Bot API call (decision 120), stored as enqueued; a removal
 * whose call started before says so (`tried`).
 */
export function actionOf(row: ClaimedRow): TransportAction {
  const action = stored(row) as TransportAction;
  return action.action === "remove" && row.tries > 0 ? { ...action, tried: true } : action;
}

/**
 * The payload for the bot: `open` buttons open that Mini App path at PUBLIC_URL (left out without it:
 * a running bot always has it), `stop` buttons call back `stop:<kind>`.
 */
export function telegramMessage(
  ctx: Pick<ServiceContext, "config">,
  row: ClaimedRow,
  paid: boolean,
): TransportMessage {
  const payload = payloadOf(row);
  const buttons = (payload.buttons ?? []).flatMap((button): TransportButton[] => {
    if ("stop" in button) return [{ text: button.text, callbackData: `stop:${button.stop}` }];
    const url = publicPageLink(ctx, button.open);
    return url ? [{ text: button.text, webAppUrl: url }] : [];
  });
  return {
    chatId: row.chatId ?? 0n,
    text: payload.text,
    ...(payload.image ? { image: payload.image } : {}),
    buttons,
    paid,
  };
}

/**
 * The payload as mail, to the address it names or else `to`: the mail it carries, else the subject (or the text's first line), the text, and
 * each `open` button's link.
 */
export function mailMessage(ctx: Pick<ServiceContext, "config">, row: ClaimedRow, to: string): MailMessage {
  const payload = payloadOf(row);
  if (payload.mail) return { to: payload.to ?? to, ...payload.mail };
  const links = (payload.buttons ?? []).flatMap((button) => {
    if (!("open" in button)) return [];
    const url = publicPageLink(ctx, button.open);
    return url ? [`${button.text}: ${url}`] : [];
  });
  const subject = payload.subject ?? payload.text.split("\n")[0]?.slice(0, 120) ?? "";
  return { to: payload.to ?? to, subject, text: [payload.text, ...links].join("\n\n") };
}
