import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import busboy from "busboy";
import type { ChatInviteLink, ChatMember, Update, User } from "grammy/types";
import { TEST_BOT_TOKEN, testBotInfo } from "./accounts";
import { botApiMethods } from "./bot-api-methods";

export interface FakeCall {
  method: string;
  payload: Record<string, unknown>;
  /** Bytes of the files a multipart call carried (sendPhoto, sendVideo), by field. */
  files: Record<string, number>;
  /** What the fake answered, when it answered ok. */
  result?: unknown;
  /** When it arrived (performance.now()). */
  at: number;
  /** The path segment before /bot<token>/ when the caller's BOT_API_ROOT had one (which process called). */
  via?: string;
}

export interface FakeChannel {
  id: number;
  username?: string;
  title: string;
  /** What getChatMemberCount answers for it (0 unless given). */
  memberCount?: number;
}

/** The rights a chat gives the bot, as getChatMember answers them for the bot (all true unless given). */
export interface FakeBotRights {
  can_invite_users: boolean;
  can_restrict_members: boolean;
  can_manage_tags: boolean;
  can_post_messages: boolean;
}

/** A chat the fake knows besides the first channel: a channel, a supergroup or a group. */
export interface FakeChat extends FakeChannel {
  type?: "channel" | "supergroup" | "group";
  /** The bot's own rights there; the bot is an administrator of every chat the fake knows. */
  botRights?: Partial<FakeBotRights>;
  /** The chat's administrators (people), the first its creator: getChatAdministrators and getChatMember. */
  admins?: User[];
}

/** The file id of the channel's photo: once a file is added under it, getChat shows the channel with that photo. */
export const CHANNEL_PHOTO = "channel-photo";

type Failure = { error_code: number; description: string; parameters?: { retry_after: number } };

/** A Telegram Stars charge the fake has seen paid (a successful_payment in XTR it handed to the bot). */
interface StarCharge {
  payer: number;
  /** A subscription's charge (it carries subscription_expiration_date): editUserStarSubscription takes it. */
  subscription: boolean;
  refunded: boolean;
}

/** Where a person stands in a chat, as the fake has seen it: getChatMember answers from it. */
type MemberStatus = "member" | "left" | "kicked";

/** A join request the bot has not decided yet; `queryId` when Telegram sent one (the guard bot's). */
interface PendingRequest {
  userId: number;
  queryId?: string;
  /** When the request arrived (performance.now()): its query may be answered for 10 seconds. */
  at: number;
  /** The Mini App opened for it (sendChatJoinRequestWebApp). */
  webAppUrl?: string;
}

/** Methods that send a message to a chat: the ones the rate, the blocked chats and failSends apply to. */
const SENDS = ["sendMessage", "sendPhoto", "sendVideo", "copyMessage"];

/** How long Telegram waits for the answer to a join request's query. */
const JOIN_QUERY_MS = 10_000;

/** The ports Telegram posts a webhook to; any other is refused by setWebhook. */
const WEBHOOK_PORTS = ["", "443", "80", "88", "8443"];

/** Telegram's limit for a member's tag: 16 characters, no emoji. */
const TAG_MAX = 16;
const EMOJI = /\p{Extended_Pictographic}/u;

const fullRights: FakeBotRights = {
  can_invite_users: true,
  can_restrict_members: true,
  can_manage_tags: true,
  can_post_messages: true,
};

/**
 * A stand-in for api.telegram.org on loopback, for the real bot pointed at it with BOT_API_ROOT:
 * getUpdates hands out queued updates (a short long poll), getFile and /file/ serve registered files,
 * and every call is recorded. Sends answer like Telegram, numbering messages per chat.
 *
 * It refuses what Telegram would: a method the Bot API does not have (404), a parameter it does not
 * have or a required one missing (400), checked against the pinned grammY's types
 * (bot-api-methods.ts), so a misspelled call fails here as it would in production. The refusals'
 * descriptions are the fake's own words in Telegram's form ("Not Found: …", "Bad Request: …").
 *
 * Besides `channel`, `addChat` makes more chats known (a supergroup, another channel), each with the
 * bot's rights and its administrators; the fake keeps who is in each, who is banned (and how many
 * times), the invite links, the join requests waiting and the members' tags.
 */
export async function startFakeBotApi(channel: FakeChannel, token = TEST_BOT_TOKEN) {
  const methods = botApiMethods();
  const calls: FakeCall[] = [];
  let queue: Update[] = [];
  let waiting: (() => void)[] = [];
  const files = new Map<string, { bytes: Uint8Array; tooBig?: boolean }>();
  const failures = new Map<string, Failure>();
  let nextMessageId = 9000;
  let nextUpdateId = 1;
  let nextLink = 1;
  /** Calls accepted in the last second (arrival times, oldest first from `windowStart`). */
  let limit: { perSecond: number; retryAfter: number; methods: Set<string> } | undefined;
  const accepted: number[] = [];
  let windowStart = 0;
  const blockedChats = new Set<number>();
  let serverErrors = 0;
  const counts = { rateLimited: 0, blocked: 0, serverErrors: 0 };
  const starCharges = new Map<string, StarCharge>();
  const chats = new Map<number, FakeChat>([[channel.id, { ...channel, type: "channel" }]]);
  const members = new Map<number, Map<number, MemberStatus>>();
  /** Bans by chat and person: how many times banChatMember removed them. */
  const bans = new Map<number, Map<number, number>>();
  const tags = new Map<number, Map<number, string>>();
  const links = new Map<string, ChatInviteLink & { chatId: number }>();
  const requests = new Map<number, Map<number, PendingRequest>>();
  const queries = new Map<string, { chatId: number; userId: number; answered: boolean }>();
  /** The webhook Telegram holds for the bot (empty: none), and its last delivery failure. */
  let webhook: { url: string; lastError?: { date: number; message: string } } = { url: "" };

  const perChat = <V>(map: Map<number, Map<number, V>>, chatId: number) => {
    let inner = map.get(chatId);
    if (!inner) {
      inner = new Map();
      map.set(chatId, inner);
    }
    return inner;
  };

  /**
   * As Telegram answers the Stars methods: only for a Stars charge it knows, of that payer; a
   * provider's charge, or one never paid, is refused (the descriptions are the fake's own words in
   * Telegram's form).
   */
  const starCharge = (payload: Record<string, unknown>) => {
    const charge = starCharges.get(String(payload.telegram_payment_charge_id));
    return charge && charge.payer === Number(payload.user_id) ? charge : undefined;
  };
  const badRequest = (what: string) => ({
    failure: { error_code: 400, description: `Bad Request: ${what}` },
  });

  /** The flood limit: calls of the limited methods beyond `perSecond` in any one second answer 429. */
  const rateRefusal = (method: string, payload: Record<string, unknown>): Failure | undefined => {
    if (!limit?.methods.has(method) || payload.allow_paid_broadcast) return undefined;
    const now = performance.now();
    while (windowStart < accepted.length && (accepted[windowStart] ?? 0) <= now - 1000) windowStart++;
    if (accepted.length - windowStart >= limit.perSecond) {
      counts.rateLimited++;
      return {
        error_code: 429,
        description: `Too Many Requests: retry after ${limit.retryAfter}`,
        parameters: { retry_after: limit.retryAfter },
      };
    }
    accepted.push(now);
    return undefined;
  };

  /** Telegram's refusals of a send, in its order: flood limit, blocked chat, a server error asked for. */
  const refusal = (method: string, payload: Record<string, unknown>): Failure | undefined => {
    const rate = rateRefusal(method, payload);
    if (rate || !SENDS.includes(method)) return rate;
    if (blockedChats.has(Number(payload.chat_id))) {
      counts.blocked++;
      return { error_code: 403, description: "Forbidden: bot was blocked by the user" };
    }
    if (serverErrors > 0) {
      serverErrors--;
      counts.serverErrors++;
      return { error_code: 500, description: "Internal Server Error" };
    }
    return undefined;
  };

  /** The known chat a chat_id names (its id, in digits or not, or its @username). */
  const knownChat = (chatId: unknown): FakeChat | undefined => {
    for (const chat of chats.values()) {
      if (
        chatId === chat.id ||
        chatId === String(chat.id) ||
        (chat.username && chatId === `@${chat.username}`)
      )
        return chat;
    }
    return undefined;
  };

  const chatOf = (chatId: unknown) => {
    const chat = knownChat(chatId);
    if (!chat) return { id: Number(chatId), type: "private", first_name: "Admin" };
    return {
      id: chat.id,
      type: chat.type ?? "channel",
      title: chat.title,
      ...(chat.username ? { username: chat.username } : {}),
      ...(chat.id === channel.id && files.has(CHANNEL_PHOTO)
        ? {
            photo: {
              small_file_id: `${CHANNEL_PHOTO}-small`,
              small_file_unique_id: `${CHANNEL_PHOTO}-small-u`,
              big_file_id: CHANNEL_PHOTO,
              big_file_unique_id: `${CHANNEL_PHOTO}-u`,
            },
          }
        : {}),
    };
  };

  const rightsOf = (chat: FakeChat): FakeBotRights => ({ ...fullRights, ...chat.botRights });

  /** The chat a chat-administration call names, or Telegram's refusals: unknown chat, a right missing. */
  const administered = (
    payload: Record<string, unknown>,
    right?: keyof FakeBotRights,
  ): FakeChat | { failure: Failure } => {
    const chat = knownChat(payload.chat_id);
    if (!chat) return badRequest("chat not found");
    if (right && !rightsOf(chat)[right]) return badRequest(`not enough rights (${right})`);
    return chat;
  };
  const refused = (value: FakeChat | { failure: Failure }): value is { failure: Failure } =>
    "failure" in value;

  const botAsAdmin = (chat: FakeChat): ChatMember => ({
    status: "administrator",
    user: testBotInfo,
    can_be_edited: false,
    is_anonymous: false,
    can_manage_chat: true,
    can_delete_messages: true,
    can_manage_video_chats: false,
    can_promote_members: false,
    can_change_info: false,
    can_post_stories: false,
    can_edit_stories: false,
    can_delete_stories: false,
    can_send_welcome_messages: false,
    ...rightsOf(chat),
  });
  const personAsAdmin = (chat: FakeChat, user: User): ChatMember =>
    chat.admins?.[0]?.id === user.id
      ? { status: "creator", user, is_anonymous: false }
      : {
          status: "administrator",
          user,
          can_be_edited: false,
          is_anonymous: false,
          can_manage_chat: true,
          can_delete_messages: true,
          can_manage_video_chats: true,
          can_restrict_members: true,
          can_promote_members: false,
          can_change_info: true,
          can_invite_users: true,
          can_post_stories: false,
          can_edit_stories: false,
          can_delete_stories: false,
          can_send_welcome_messages: false,
        };

  const chatMember = (chat: FakeChat, userId: number): ChatMember => {
    if (userId === testBotInfo.id) return botAsAdmin(chat);
    const admin = chat.admins?.find((a) => a.id === userId);
    if (admin) return personAsAdmin(chat, admin);
    const user = { id: userId, is_bot: false, first_name: `User ${userId}` };
    const status = members.get(chat.id)?.get(userId) ?? "left";
    return status === "kicked"
      ? { status, user, until_date: 0 }
      : status === "member"
        ? { status, user, ...(tags.get(chat.id)?.has(userId) ? { tag: tags.get(chat.id)?.get(userId) } : {}) }
        : { status, user };
  };

  /** Takes the join request out of the waiting ones; the person is in when `approve`. */
  const decide = (chatId: number, userId: number, approve: boolean) => {
    perChat(requests, chatId).delete(userId);
    if (approve) perChat(members, chatId).set(userId, "member");
  };

  /** approveChatJoinRequest and declineChatJoinRequest: only a request that is waiting. */
  const decideRequest = (p: Record<string, unknown>, approve: boolean) => {
    const chat = administered(p, "can_invite_users");
    if (refused(chat)) return chat;
    if (!requests.get(chat.id)?.has(Number(p.user_id))) return badRequest("HIDE_REQUESTER_MISSING");
    decide(chat.id, Number(p.user_id), approve);
    return true;
  };

  const sent = (payload: Record<string, unknown>, extra: Record<string, unknown>) => ({
    message_id: ++nextMessageId,
    date: Math.floor(Date.now() / 1000),
    chat: chatOf(payload.chat_id),
    ...extra,
  });

  const inviteLink = (
    chat: FakeChat,
    p: Record<string, unknown>,
    link = `https://t.me/+fake${nextLink++}${randomBytes(6).toString("base64url")}`,
  ) => {
    if (p.creates_join_request === true && p.member_limit !== undefined)
      return badRequest("member_limit can't be combined with creates_join_request");
    const stored = {
      ...links.get(link),
      chatId: chat.id,
      invite_link: link,
      creator: testBotInfo,
      creates_join_request: p.creates_join_request === true,
      is_primary: false,
      is_revoked: false,
      ...(p.name !== undefined ? { name: String(p.name) } : {}),
      ...(p.expire_date !== undefined ? { expire_date: Number(p.expire_date) } : {}),
      ...(p.member_limit !== undefined ? { member_limit: Number(p.member_limit) } : {}),
    };
    links.set(link, stored);
    return linkOf(stored);
  };

  /** As Telegram checks a webhook's address: https, on one of its four ports. */
  const webhookRefusal = (url: string) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return badRequest("bad webhook: Failed to resolve host: Name or service not known");
    }
    if (parsed.protocol !== "https:")
      return badRequest("bad webhook: An HTTPS URL must be provided for webhook");
    if (!WEBHOOK_PORTS.includes(parsed.port))
      return badRequest("bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443");
    return undefined;
  };

  const answers: Record<string, (payload: Record<string, unknown>) => unknown> = {
    getMe: () => testBotInfo,
    // A group or channel the bot is not in (or an unknown @username) is not found; a person's id is
    // the private chat with them.
    getChat: (p) =>
      knownChat(p.chat_id) || (Number(p.chat_id) > 0 && !String(p.chat_id).startsWith("@"))
        ? chatOf(p.chat_id)
        : badRequest("chat not found"),
    setWebhook: (p) => {
      const url = String(p.url);
      const refusedUrl = url === "" ? undefined : webhookRefusal(url);
      if (refusedUrl) return refusedUrl;
      webhook = { url };
      return true;
    },
    deleteWebhook: () => {
      webhook = { url: "" };
      return true;
    },
    getWebhookInfo: () => ({
      url: webhook.url,
      has_custom_certificate: false,
      pending_update_count: queue.length,
      ...(webhook.lastError
        ? { last_error_date: webhook.lastError.date, last_error_message: webhook.lastError.message }
        : {}),
    }),
    getChatMemberCount: (p) => knownChat(p.chat_id)?.memberCount ?? 0,
    sendMessage: (p) => sent(p, { text: p.text }),
    sendPhoto: (p) =>
      sent(p, {
        photo: [{ file_id: "sent-photo", file_unique_id: "sent-photo-u", width: 1, height: 1 }],
        caption: p.caption,
      }),
    sendVideo: (p) =>
      sent(p, {
        video: { file_id: "sent-video", file_unique_id: "sent-video-u", width: 1, height: 1, duration: 1 },
        caption: p.caption,
      }),
    createInvoiceLink: () => `https://t.me/$fake-invoice-${++nextMessageId}`,
    savePreparedInlineMessage: () => ({
      id: `prepared-${++nextMessageId}`,
      expiration_date: Math.floor(Date.now() / 1000) + 3600,
    }),
    refundStarPayment: (p) => {
      const charge = starCharge(p);
      if (!charge) return badRequest("CHARGE_NOT_FOUND");
      if (charge.refunded) return badRequest("CHARGE_ALREADY_REFUNDED");
      charge.refunded = true;
      return true;
    },
    editUserStarSubscription: (p) =>
      starCharge(p)?.subscription ? true : badRequest("SUBSCRIPTION_NOT_FOUND"),
    copyMessage: () => ({ message_id: ++nextMessageId }),
    copyMessages: (p) => (p.message_ids as number[]).map(() => ({ message_id: ++nextMessageId })),
    getFile: (p) => {
      const fileId = String(p.file_id);
      const file = files.get(fileId);
      if (!file) return { failure: { error_code: 400, description: "Bad Request: invalid file_id" } };
      if (file.tooBig) return { failure: { error_code: 400, description: "Bad Request: file is too big" } };
      return {
        file_id: fileId,
        file_unique_id: `${fileId}-u`,
        file_size: file.bytes.length,
        file_path: `files/${fileId}`,
      };
    },
    getChatMember: (p) => {
      const chat = administered(p);
      return refused(chat) ? chat : chatMember(chat, Number(p.user_id));
    },
    getChatAdministrators: (p) => {
      const chat = administered(p);
      if (refused(chat)) return chat;
      return [botAsAdmin(chat), ...(chat.admins ?? []).map((admin) => personAsAdmin(chat, admin))];
    },
    createChatInviteLink: (p) => {
      const chat = administered(p, "can_invite_users");
      return refused(chat) ? chat : inviteLink(chat, p);
    },
    editChatInviteLink: (p) => {
      const chat = administered(p, "can_invite_users");
      if (refused(chat)) return chat;
      const link = links.get(String(p.invite_link));
      if (!link || link.chatId !== chat.id || link.is_revoked) return badRequest("INVITE_HASH_EXPIRED");
      return inviteLink(chat, p, link.invite_link);
    },
    revokeChatInviteLink: (p) => {
      const chat = administered(p, "can_invite_users");
      if (refused(chat)) return chat;
      const link = links.get(String(p.invite_link));
      if (!link || link.chatId !== chat.id) return badRequest("INVITE_HASH_EXPIRED");
      link.is_revoked = true;
      return linkOf(link);
    },
    approveChatJoinRequest: (p) => decideRequest(p, true),
    declineChatJoinRequest: (p) => decideRequest(p, false),
    sendChatJoinRequestWebApp: (p) => {
      const query = queries.get(String(p.chat_join_request_query_id));
      const request = query && requests.get(query.chatId)?.get(query.userId);
      if (!query || query.answered || !request || performance.now() - request.at > JOIN_QUERY_MS)
        return badRequest("QUERY_ID_INVALID");
      request.webAppUrl = String(p.web_app_url);
      return true;
    },
    answerChatJoinRequestQuery: (p) => {
      const query = queries.get(String(p.chat_join_request_query_id));
      if (!query || query.answered || !requests.get(query.chatId)?.has(query.userId))
        return badRequest("QUERY_ID_INVALID");
      if (p.result === "queue") return true;
      if (p.result !== "approve" && p.result !== "decline") return badRequest("RESULT_INVALID");
      query.answered = true;
      decide(query.chatId, query.userId, p.result === "approve");
      return true;
    },
    banChatMember: (p) => {
      const chat = administered(p, "can_restrict_members");
      if (refused(chat)) return chat;
      const userId = Number(p.user_id);
      if (chat.admins?.[0]?.id === userId) return badRequest("can't remove chat owner");
      if (chat.admins?.some((a) => a.id === userId) || userId === testBotInfo.id)
        return badRequest("user is an administrator of the chat");
      perChat(members, chat.id).set(userId, "kicked");
      const chatBans = perChat(bans, chat.id);
      chatBans.set(userId, (chatBans.get(userId) ?? 0) + 1);
      return true;
    },
    unbanChatMember: (p) => {
      const chat = administered(p, "can_restrict_members");
      if (refused(chat)) return chat;
      const userId = Number(p.user_id);
      const status = members.get(chat.id)?.get(userId);
      // Without only_if_banned, Telegram also removes a member (they may join again).
      if (status === "kicked" || (status === "member" && p.only_if_banned !== true))
        perChat(members, chat.id).set(userId, "left");
      return true;
    },
    setChatMemberTag: (p) => {
      const chat = administered(p, "can_manage_tags");
      if (refused(chat)) return chat;
      if ((chat.type ?? "channel") === "channel") return badRequest("method is available only for groups");
      const tag = p.tag === undefined ? "" : String(p.tag);
      if ([...tag].length > TAG_MAX || EMOJI.test(tag)) return badRequest("TAG_INVALID");
      if (tag === "") perChat(tags, chat.id).delete(Number(p.user_id));
      else perChat(tags, chat.id).set(Number(p.user_id), tag);
      return true;
    },
  };

  /** Telegram's refusal of a call it does not know: a method, a parameter, a required one missing. */
  const unknownCall = (
    method: string,
    payload: Record<string, unknown>,
    sizes: Record<string, number>,
  ): Failure | undefined => {
    const known = methods.get(method);
    if (!known) return { error_code: 404, description: "Not Found: method not found" };
    const given = [...Object.keys(payload), ...Object.keys(sizes)];
    const unknown = given.find((name) => !known.params.has(name) && !attached(payload, name));
    if (unknown) return { error_code: 400, description: `Bad Request: unknown parameter ${unknown}` };
    const missing = [...known.required].find((name) => !given.includes(name));
    if (missing) return { error_code: 400, description: `Bad Request: parameter ${missing} is required` };
    return undefined;
  };

  const server: Server = createServer(async (req, res) => {
    const url = req.url ?? "";
    const reply = (status: number, body: unknown) => {
      res.statusCode = status;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && url.startsWith(`/file/bot${token}/files/`)) {
      const file = files.get(decodeURIComponent(url.slice(`/file/bot${token}/files/`.length)));
      if (!file) return reply(404, { ok: false, error_code: 404, description: "Not Found" });
      res.setHeader("content-type", "application/octet-stream");
      return res.end(file.bytes);
    }
    // A BOT_API_ROOT ending in /<via> marks its process's calls.
    const via = /^\/(\w+)\/bot/.exec(url)?.[1];
    const path = via ? url.slice(via.length + 1) : url;
    if (!path.startsWith(`/bot${token}/`))
      return reply(401, { ok: false, error_code: 401, description: "Unauthorized" });
    const method = path.slice(`/bot${token}/`.length).split("?")[0] ?? "";
    const { payload, sizes } = await readPayload(req);
    const call: FakeCall = { method, payload, files: sizes, at: performance.now(), ...(via ? { via } : {}) };
    calls.push(call);
    const failure = unknownCall(method, payload, sizes) ?? failures.get(method) ?? refusal(method, payload);
    if (failure) {
      if (failures.get(method) === failure) failures.delete(method);
      return reply(failure.error_code, { ok: false, ...failure });
    }
    if (method === "getUpdates" && webhook.url) {
      const conflict =
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first";
      return reply(409, { ok: false, error_code: 409, description: conflict });
    }
    if (method === "getUpdates") {
      const offset = Number(payload.offset ?? 0);
      queue = queue.filter((u) => u.update_id >= offset);
      if (queue.length === 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 250);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return reply(200, { ok: true, result: queue.filter((u) => u.update_id >= offset) });
    }
    const result = (answers[method] ?? (() => true))(payload);
    if (result && typeof result === "object" && "failure" in result) {
      const f = (result as { failure: Failure }).failure;
      return reply(f.error_code, { ok: false, ...f });
    }
    call.result = result;
    reply(200, { ok: true, result });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  /** Queues an update for the bot's next getUpdates and wakes a waiting long poll. */
  const enqueue = (update: Omit<Update, "update_id">, updateId: number): Update => {
    const full = { ...update, update_id: updateId } as Update;
    queue.push(full);
    const wake = waiting;
    waiting = [];
    for (const resolve of wake) resolve();
    return full;
  };
  const person = (user: number | User): User =>
    typeof user === "number" ? { id: user, is_bot: false, first_name: `User ${user}` } : user;
  const known = (chatId: number) => {
    const chat = chats.get(chatId);
    if (!chat) throw new Error(`the fake knows no chat ${chatId}`);
    return chat;
  };
  const memberOf = (status: MemberStatus, user: User): ChatMember =>
    status === "kicked" ? { status, user, until_date: 0 } : { status, user };

  return {
    apiRoot: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    calls,
    callsTo: (method: string) => calls.filter((c) => c.method === method),
    /**
     * Queues an update (its update_id given here, in order) for the bot's next getUpdates. A
     * successful_payment in Telegram Stars becomes a charge the Stars methods then know.
     */
    push(update: Omit<Update, "update_id">, updateId = nextUpdateId++): Update {
      const paid = update.message?.successful_payment;
      if (paid?.currency === "XTR" && update.message?.from) {
        starCharges.set(paid.telegram_payment_charge_id, {
          payer: update.message.from.id,
          subscription: paid.subscription_expiration_date !== undefined,
          refunded: false,
        });
      }
      return enqueue(update, updateId);
    },
    /** Makes a chat known (a supergroup, another channel), with the bot's rights and the chat's admins. */
    addChat(chat: FakeChat) {
      chats.set(chat.id, { type: "channel", ...chat });
    },
    /** Changes the bot's rights in a known chat (an admin took one away, or gave it). */
    setBotRights(chatId: number, rights: Partial<FakeBotRights>) {
      const chat = known(chatId);
      chat.botRights = { ...chat.botRights, ...rights };
    },
    /**
     * Someone asks to join: a chat_join_request update, with a `query_id` when
     * `query` (Telegram sends one to the chat's guard bot, answerable for 10 seconds), through an
     * invite link when given. The request waits until the bot decides it.
     */
    pushJoinRequest(
      chatId: number,
      user: number | User,
      options: { query?: boolean; inviteLink?: string; updateId?: number } = {},
    ): Update {
      const from = person(user);
      known(chatId);
      const queryId = options.query ? `join-query-${nextUpdateId}-${from.id}` : undefined;
      perChat(requests, chatId).set(from.id, {
        userId: from.id,
        at: performance.now(),
        ...(queryId ? { queryId } : {}),
      });
      if (queryId) queries.set(queryId, { chatId, userId: from.id, answered: false });
      const link = options.inviteLink === undefined ? undefined : links.get(options.inviteLink);
      const request = {
        chat: chatOf(chatId),
        from,
        user_chat_id: from.id,
        date: Math.floor(Date.now() / 1000),
        ...(link ? { invite_link: linkOf(link) } : {}),
        ...(queryId ? { query_id: queryId } : {}),
      };
      return enqueue(
        { chat_join_request: request } as Omit<Update, "update_id">,
        options.updateId ?? nextUpdateId++,
      );
    },
    /**
     * Someone's standing in a chat changed (joined, left, was removed): a chat_member update, and
     * the fake's own record of them follows it.
     */
    pushChatMember(
      chatId: number,
      user: number | User,
      change: { from: MemberStatus; to: MemberStatus; inviteLink?: string; viaJoinRequest?: boolean },
    ): Update {
      const who = person(user);
      perChat(members, known(chatId).id).set(who.id, change.to);
      const link = change.inviteLink === undefined ? undefined : links.get(change.inviteLink);
      return enqueue(
        {
          chat_member: {
            chat: chatOf(chatId),
            from: who,
            date: Math.floor(Date.now() / 1000),
            old_chat_member: memberOf(change.from, who),
            new_chat_member: memberOf(change.to, who),
            ...(link ? { invite_link: linkOf(link) } : {}),
            ...(change.viaJoinRequest ? { via_join_request: true } : {}),
          },
        } as Omit<Update, "update_id">,
        nextUpdateId++,
      );
    },
    /**
     * The bot's own standing in a chat changed (made an administrator, rights changed, removed): a
     * my_chat_member update from `by`; an administrator's chat becomes known to the fake.
     */
    pushMyChatMember(
      chat: FakeChat,
      change: { to: "administrator" | "left" | "kicked"; by: number | User },
    ): Update {
      if (change.to === "administrator") chats.set(chat.id, { type: "channel", ...chat });
      const now = chats.get(chat.id) ?? { type: "channel", ...chat };
      const bot = testBotInfo;
      return enqueue(
        {
          my_chat_member: {
            chat: chatOf(chat.id),
            from: person(change.by),
            date: Math.floor(Date.now() / 1000),
            old_chat_member: { status: "left", user: bot },
            new_chat_member: change.to === "administrator" ? botAsAdmin(now) : memberOf(change.to, bot),
          },
        } as Omit<Update, "update_id">,
        nextUpdateId++,
      );
    },
    /** A Stars subscription changed (Bot API 10.2): canceled, re-activated or its payment failed. */
    pushSubscription(
      user: number | User,
      invoicePayload: string,
      state: "canceled" | "active" | "failed",
    ): Update {
      return enqueue(
        { subscription: { user: person(user), invoice_payload: invoicePayload, state } },
        nextUpdateId++,
      );
    },
    /** Who is in a chat as the fake has it: status by person. */
    membersOf: (chatId: number) => new Map(members.get(chatId)),
    /** How many times banChatMember removed this person from this chat. */
    bansOf: (chatId: number, userId: number) => bans.get(chatId)?.get(userId) ?? 0,
    /** The join requests still waiting in a chat, by person (with the Mini App opened for one, if any). */
    pendingRequests: (chatId: number) => new Map(requests.get(chatId)),
    /** Members' tags in a chat. */
    tagsOf: (chatId: number) => new Map(tags.get(chatId)),
    /** The invite links the bot made, in every chat. */
    inviteLinks: () => [...links.values()],
    /** A file getFile and /file/ serve; `tooBig` answers getFile as Telegram does above 20 MB. */
    addFile(fileId: string, bytes: Uint8Array, options: { tooBig?: boolean } = {}) {
      files.set(fileId, { bytes, ...options });
    },
    /**
     * Calls beyond `perSecond` in any one second (paid broadcasts aside) answer 429 with
     * `retryAfter` seconds, as Telegram's flood limit does: the sends, or the `methods` given (the
     * gate's approvals, bans and tags share one window with them when listed).
     */
    limitRate(perSecond: number, retryAfter = 1, options: { methods?: string[] } = {}) {
      limit = { perSecond, retryAfter, methods: new Set(options.methods ?? SENDS) };
    },
    /** Sends to these chats answer 403 "bot was blocked by the user". */
    blockChats(...chatIds: number[]) {
      for (const id of chatIds) blockedChats.add(id);
    },
    /** The next `count` sends answer 500. */
    failSends(count: number) {
      serverErrors += count;
    },
    /** How many sends the fake refused, by reason. */
    refused: () => ({ ...counts }),
    /** The webhook Telegram holds now (empty: none). */
    webhookUrl: () => webhook.url,
    /** Another deployment with the same token set its webhook (or deleted it: ""). */
    setWebhookElsewhere(url: string) {
      webhook = { url };
    },
    /** Telegram failed to deliver to the webhook, `secondsAgo` ago, in these words. */
    failWebhookDelivery(message: string, secondsAgo = 0) {
      webhook = { ...webhook, lastError: { date: Math.floor(Date.now() / 1000) - secondsAgo, message } };
    },
    /** The next call of `method` fails with this error. */
    failNext(method: string, failure: Failure) {
      failures.set(method, failure);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const resolve of waiting) resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An invite link as Telegram shows it (the fake's own note of its chat left out). */
const linkOf = ({ chatId: _chatId, ...link }: ChatInviteLink & { chatId: number }): ChatInviteLink => link;

/**
 * A multipart field grammY sends for a file inside a parameter (sendMediaGroup's media): it names
 * no parameter, another field points at it as `attach://<name>`.
 */
const attached = (payload: Record<string, unknown>, name: string) =>
  JSON.stringify(payload).includes(`attach://${name}`);

export type FakeBotApi = Awaited<ReturnType<typeof startFakeBotApi>>;

/** A call's JSON body, or a multipart body's fields (files counted, not kept). */
function readPayload(
  req: IncomingMessage,
): Promise<{ payload: Record<string, unknown>; sizes: Record<string, number> }> {
  const type = req.headers["content-type"] ?? "";
  if (type.startsWith("multipart/form-data")) {
    return new Promise((resolve, reject) => {
      const payload: Record<string, unknown> = {};
      const sizes: Record<string, number> = {};
      const parser = busboy({ headers: req.headers });
      parser.on("field", (name, value) => {
        try {
          payload[name] = JSON.parse(value);
        } catch {
          payload[name] = value;
        }
      });
      parser.on("file", (name, stream) => {
        sizes[name] = 0;
        stream.on("data", (chunk: Buffer) => {
          sizes[name] = (sizes[name] ?? 0) + chunk.length;
        });
      });
      parser.on("close", () => resolve({ payload, sizes }));
      parser.on("error", reject);
      req.pipe(parser);
    });
  }
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () =>
      resolve({ payload: body ? (JSON.parse(body) as Record<string, unknown>) : {}, sizes: {} }),
    );
  });
}
