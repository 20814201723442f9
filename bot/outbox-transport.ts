import { Api, GrammyError, HttpError, InlineKeyboard, InputFile } from "grammy";
import type { MediaStorage } from "#api/domain/ports/media-storage";
import type {
  OutboxTransport,
  SendOutcome,
  TransportAction,
  TransportButton,
  TransportMessage,
} from "#api/domain/ports/outbox-transport";
import type { Config } from "#api/process/config";
import { captionOf } from "./notifier";

/** A call that takes longer is abandoned (and retried): well inside the outbox's lease. */
const CALL_TIMEOUT_SECONDS = 15;

/** How long a removal's unban may wait on Telegram's 429s: well inside the outbox's lease. */
const UNBAN_WAIT_SECONDS = 10;

/** Network errors that mean the request never left. */
const NOT_SENT = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH/;

const keyboard = (buttons: TransportButton[]) => {
  if (buttons.length === 0) return undefined;
  // One button a row.
  return InlineKeyboard.from(
    buttons.map((button) => [
      "webAppUrl" in button
        ? InlineKeyboard.webApp(button.text, button.webAppUrl)
        : InlineKeyboard.text(button.text, button.callbackData),
    ]),
  );
};

/** A removal's unban failed after its ban landed: a retry is then a removal tried before. */
class BanLanded extends Error {
  constructor(readonly failure: unknown) {
    super("the ban landed; the unban failed");
  }
}

/** Telegram's answer in the outbox's terms (decision 104). */
function outcomeOf(error: unknown): SendOutcome {
  if (error instanceof BanLanded) {
    const outcome = outcomeOf(error.failure);
    return outcome.outcome === "rate_limited" ? { ...outcome, landed: true } : outcome;
  }
  if (error instanceof GrammyError) {
    const reason = error.description;
    if (error.error_code === 429)
      return { outcome: "rate_limited", retryAfterSeconds: error.parameters.retry_after ?? 1 };
    if (error.error_code === 403) return { outcome: "blocked", reason };
    if (error.error_code >= 400 && error.error_code < 500) return { outcome: "rejected", reason };
    return { outcome: "transient", reason };
  }
  // The network: grammY's message names the method, the cause says what failed. Refused or unresolved:
  // the request never went out. Anything else (a timeout, a reset) may have reached Telegram.
  if (error instanceof HttpError) {
    const reason = `${error.message} (${String(error.error)})`;
    return NOT_SENT.test(reason) ? { outcome: "transient", reason } : { outcome: "unknown", reason };
  }
  return { outcome: "transient", reason: error instanceof Error ? error.message : String(error) };
}

/**
 * The outbox's sends through the Bot API (BOT_API_ROOT): sendMessage, or sendPhoto with the text as
 * its caption; and the gate's actions (act). Its own Api, without the bot's automatic retries: the outbox decides what a 429 or a
 * 5xx means for every process. A photo is uploaded once per process; later sends reuse its file_id.
 */
export function botOutboxTransport(
  config: Pick<Config, "BOT_TOKEN" | "BOT_API_ROOT">,
  storage: MediaStorage,
): OutboxTransport {
  const api = new Api(config.BOT_TOKEN ?? "", {
    apiRoot: config.BOT_API_ROOT,
    timeoutSeconds: CALL_TIMEOUT_SECONDS,
  });
  const uploaded = new Map<string, string>();

  async function photo(image: string): Promise<InputFile | string> {
    const known = uploaded.get(image);
    if (known) return known;
    const slash = image.indexOf("/");
    const bytes = await storage.read(image.slice(0, slash), image.slice(slash + 1));
    return new InputFile(bytes, image.split("/").at(-1));
  }

  async function call(message: TransportMessage): Promise<void> {
    // Telegram user ids have at most 52 significant bits, so a Number holds them exactly.
    const chatId = Number(message.chatId);
    const reply_markup = keyboard(message.buttons);
    const options = {
      ...(reply_markup ? { reply_markup } : {}),
      ...(message.paid ? { allow_paid_broadcast: true } : {}),
    };
    if (!message.image) {
      await api.sendMessage(chatId, message.text, {
        ...options,
        link_preview_options: { is_disabled: true },
      });
      return;
    }
    const sent = await api.sendPhoto(chatId, await photo(message.image), {
      ...options,
      caption: captionOf(message.text),
    });
    const fileId = sent.photo.at(-1)?.file_id;
    if (fileId) uploaded.set(message.image, fileId);
  }

  /** The unban that follows a landed ban: Telegram's flood limit waited out, up to UNBAN_WAIT_SECONDS. */
  async function unbanAfterBan(chatId: number, userId: number): Promise<void> {
    let waited = 0;
    for (;;) {
      try {
        await api.unbanChatMember(chatId, userId, { only_if_banned: true });
        return;
      } catch (error) {
        const retryAfter =
          error instanceof GrammyError && error.error_code === 429 ? (error.parameters.retry_after ?? 1) : 0;
        if (retryAfter === 0 || waited + retryAfter > UNBAN_WAIT_SECONDS) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
        waited += retryAfter;
      }
    }
  }

  /**
   * A removal: banned then unbanned at once, so out of the chat and free to come back after paying.
   * Once the ban has landed, only the unban is tried again (after a 429's retry_after, within
   * UNBAN_WAIT_SECONDS). A removal tried before (`tried`: its ban may have landed) asks Telegram
   * first: still banned, only the unban; gone (left), nothing; so each removal bans once.
   */
  async function remove(chatId: number, userId: number, tried: boolean): Promise<void> {
    if (tried) {
      const { status } = await api.getChatMember(chatId, userId);
      if (status === "left") return;
      if (status === "kicked") return unbanAfterBan(chatId, userId);
    }
    await api.banChatMember(chatId, userId);
    await unbanAfterBan(chatId, userId).catch((error: unknown) => {
      throw new BanLanded(error);
    });
  }

  /** A gate action's Bot API call(s) (decision 120); ids arrive as decimal strings. */
  async function act(action: TransportAction): Promise<void> {
    switch (action.action) {
      case "approve":
        await api.approveChatJoinRequest(Number(action.chatId), Number(action.userId));
        return;
      case "decline":
        await api.declineChatJoinRequest(Number(action.chatId), Number(action.userId));
        return;
      case "answer":
        await api.answerChatJoinRequestQuery(action.queryId, action.result);
        return;
      case "remove":
        await remove(Number(action.chatId), Number(action.userId), action.tried === true);
        return;
      case "revoke":
        await api.revokeChatInviteLink(Number(action.chatId), action.link);
        return;
      case "tag":
        await api.setChatMemberTag(Number(action.chatId), Number(action.userId), action.tag);
        return;
      case "announce":
        await api.sendMessage(Number(action.chatId), action.text, {
          reply_markup: InlineKeyboard.from([[InlineKeyboard.url(action.button.text, action.button.url)]]),
          link_preview_options: { is_disabled: true },
        });
        return;
    }
  }

  const outcome = async (call: () => Promise<void>): Promise<SendOutcome> => {
    try {
      await call();
      return { outcome: "sent" };
    } catch (error) {
      return outcomeOf(error);
    }
  };

  return {
    send: (message) => outcome(() => call(message)),
    act: (action) => outcome(() => act(action)),
  };
}
