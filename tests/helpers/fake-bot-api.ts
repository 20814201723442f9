import { createServer, type IncomingMessage, type Server } from "node:http";
import busboy from "busboy";
import type { Update } from "grammy/types";
import { TEST_BOT_TOKEN, testBotInfo } from "./accounts";

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

/** Methods that send a message to a chat: the ones the rate, the blocked chats and failSends apply to. */
const SENDS = new Set(["sendMessage", "sendPhoto", "sendVideo", "copyMessage"]);

/**
 * A stand-in for api.telegram.org on loopback, for the real bot pointed at it with BOT_API_ROOT:
 * getUpdates hands out queued updates (a short long poll), getFile and /file/ serve registered files,
 * and every call is recorded. Sends answer like Telegram, numbering messages per chat.
 */
export async function startFakeBotApi(channel: FakeChannel, token = TEST_BOT_TOKEN) {
  const calls: FakeCall[] = [];
  let queue: Update[] = [];
  let waiting: (() => void)[] = [];
  const files = new Map<string, { bytes: Uint8Array; tooBig?: boolean }>();
  const failures = new Map<string, Failure>();
  let nextMessageId = 9000;
  let nextUpdateId = 1;
  /** Sends accepted in the last second (arrival times, oldest first from `windowStart`). */
  let limit: { perSecond: number; retryAfter: number } | undefined;
  const accepted: number[] = [];
  let windowStart = 0;
  const blockedChats = new Set<number>();
  let serverErrors = 0;
  const counts = { rateLimited: 0, blocked: 0, serverErrors: 0 };
  const starCharges = new Map<string, StarCharge>();

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

  /** Telegram's refusals of a send, in its order: flood limit, blocked chat, a server error asked for. */
  const refusal = (payload: Record<string, unknown>): Failure | undefined => {
    if (limit && !payload.allow_paid_broadcast) {
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
    }
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

  const chatOf = (chatId: unknown) =>
    chatId === channel.id || chatId === `@${channel.username}` || chatId === String(channel.id)
      ? {
          id: channel.id,
          type: "channel",
          title: channel.title,
          ...(channel.username ? { username: channel.username } : {}),
          ...(files.has(CHANNEL_PHOTO)
            ? {
                photo: {
                  small_file_id: `${CHANNEL_PHOTO}-small`,
                  small_file_unique_id: `${CHANNEL_PHOTO}-small-u`,
                  big_file_id: CHANNEL_PHOTO,
                  big_file_unique_id: `${CHANNEL_PHOTO}-u`,
                },
              }
            : {}),
        }
      : { id: Number(chatId), type: "private", first_name: "Admin" };

  const sent = (payload: Record<string, unknown>, extra: Record<string, unknown>) => ({
    message_id: ++nextMessageId,
    date: Math.floor(Date.now() / 1000),
    chat: chatOf(payload.chat_id),
    ...extra,
  });

  const answers: Record<string, (payload: Record<string, unknown>) => unknown> = {
    getMe: () => testBotInfo,
    getChat: (p) => chatOf(p.chat_id),
    getChatMemberCount: () => channel.memberCount ?? 0,
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
    const failure = failures.get(method) ?? (SENDS.has(method) ? refusal(payload) : undefined);
    if (failure) {
      failures.delete(method);
      return reply(failure.error_code, { ok: false, ...failure });
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

  return {
    apiRoot: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    calls,
    callsTo: (method: string) => calls.filter((c) => c.method === method),
    /**
     * Queues an update (its update_id given here, in order) for the bot's next getUpdates. A
     * successful_payment in Telegram Stars becomes a charge the Stars methods then know.
     */
    push(update: Omit<Update, "update_id">, updateId = nextUpdateId++): Update {
      const full = { ...update, update_id: updateId } as Update;
      const paid = full.message?.successful_payment;
      if (paid?.currency === "XTR" && full.message?.from) {
        starCharges.set(paid.telegram_payment_charge_id, {
          payer: full.message.from.id,
          subscription: paid.subscription_expiration_date !== undefined,
          refunded: false,
        });
      }
      queue.push(full);
      const wake = waiting;
      waiting = [];
      for (const resolve of wake) resolve();
      return full;
    },
    /** A file getFile and /file/ serve; `tooBig` answers getFile as Telegram does above 20 MB. */
    addFile(fileId: string, bytes: Uint8Array, options: { tooBig?: boolean } = {}) {
      files.set(fileId, { bytes, ...options });
    },
    /**
     * Sends beyond `perSecond` in any one second (paid broadcasts aside) answer 429 with
     * `retryAfter` seconds, as Telegram's flood limit does.
     */
    limitRate(perSecond: number, retryAfter = 1) {
      limit = { perSecond, retryAfter };
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
