import { sign } from "@telegram-apps/init-data-node";
import { eq } from "drizzle-orm";
import type { Transformer } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Session } from "#api/contracts/auth";
import type { Role } from "#api/contracts/roles";
import type { Mailer, MailMessage } from "#api/domain/ports/mailer";
import type { ChannelPost, ShareCard, TelegramNotifier } from "#api/domain/ports/telegram-notifier";
import { SESSION_COOKIE } from "#api/http/middleware/cookies";
import type { Logger } from "#api/process/logger";
import { profiles, userRoles } from "#db/schema/index";
import type { TestApp } from "./test-app";

export const TEST_BOT_TOKEN = "123456789:AAtest-bot-token_for-the-suite";

export const testBotInfo: UserFromGetMe = {
  id: 123456789,
  is_bot: true,
  first_name: "Shop Bot",
  username: "test_shop_bot",
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: true,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

/** A clock tests move by hand. */
export class TestClock {
  constructor(public ms = Date.parse("2025-06-01T12:00:00Z")) {}
  readonly now = () => new Date(this.ms);
  advance(ms: number) {
    this.ms += ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface TelegramTestUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  /** The language of the person's Telegram app (IETF tag), as Telegram sends it. */
  language_code?: string;
  /** The launch allowed the bot to write to the person (decision 106). */
  allows_write_to_pm?: boolean;
}

/** initData as Telegram would sign it for this bot token. */
export function signInitData(user: TelegramTestUser, authDate: Date, token = TEST_BOT_TOKEN): string {
  return sign({ user, query_id: "AAH-test" } as Parameters<typeof sign>[0], token, authDate);
}

export const jsonRequest = (
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): RequestInit => ({
  method,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});
export const post = (body: unknown, headers: Record<string, string> = {}) =>
  jsonRequest("POST", body, headers);
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function errorOf(res: Response): Promise<{ code: string; message: string; reason?: string }> {
  const body = (await res.json()) as { error: { code: string; message: string; reason?: string } };
  return body.error;
}

let counter = 0;
export const uniqueEmail = (prefix = "user") =>
  `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;
export const GOOD_PASSWORD = "Sunny-Day-42";

let addressCounter = 0;
/**
 * The node-server binding app.request passes on, so the request comes from `address` as if over a
 * socket (clientAddress reads it) without TRUST_PROXY.
 */
export const fromAddress = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
/** A private address no other member of this test process signed up from. */
export const uniqueAddress = () =>
  `10.77.${Math.floor(++addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;

/**
 * Signs up through the API (so age-verified), then gives the roles directly. Each member comes from
 * an address of its own, like separate people: sign-up is limited per address.
 */
export async function createMember(
  t: TestApp,
  options: {
    email?: string;
    password?: string;
    roles?: Role[];
    ageVerified?: boolean;
    /** Proves the email as its mailed link would (an unproven email is taken by nobody). */
    emailVerified?: boolean;
    fullName?: string;
  } = {},
): Promise<{ token: string; userId: string; email: string; password: string; session: Session }> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? GOOD_PASSWORD;
  const res = await t.app.request(
    "/api/auth/signup",
    post({ email, password, confirmPassword: password, ageConfirmed: true, fullName: options.fullName }),
    fromAddress(uniqueAddress()),
  );
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const session = (await res.json()) as Session;
  const db = t.services.database.db;
  for (const role of options.roles ?? [])
    await db.insert(userRoles).values({ userId: session.user.id, role });
  if (options.ageVerified === false) {
    await db.update(profiles).set({ ageVerified: false }).where(eq(profiles.id, session.user.id));
  }
  if (options.emailVerified) {
    await db.update(profiles).set({ emailVerifiedAt: new Date() }).where(eq(profiles.id, session.user.id));
  }
  return { token: session.token, userId: session.user.id, email, password, session };
}

/** The session cookie's value from a response, or undefined. */
export function sessionCookieOf(res: Response): { value: string; attributes: string } | undefined {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!header) return undefined;
  const [pair = "", ...rest] = header.split(";");
  return { value: pair.slice(`${SESSION_COOKIE}=`.length), attributes: rest.join(";") };
}

/** Records what is mailed; with `subject`, only mail with that subject (sign-up also mails a verification link). */
export function recordingMailer(subject?: string): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      if (subject === undefined || message.subject === subject) sent.push(message);
    },
    // It holds no connection, and no relay refuses it.
    async verify() {},
    close() {},
  };
}

/** A stand-in for the running bot; with `channel` it also takes channel posts, numbered from 500. */
export function recordingTelegram(
  botUsername = testBotInfo.username,
  channel?: { chatId: bigint; fail?: boolean },
): TelegramNotifier & {
  published: ChannelPost[];
  shared: { telegramId: bigint; card: ShareCard }[];
  joinLinks: { chatId: bigint; name: string }[];
} {
  const published: ChannelPost[] = [];
  const shared: { telegramId: bigint; card: ShareCard }[] = [];
  const joinLinks: { chatId: bigint; name: string }[] = [];
  return {
    enabled: true,
    botUsername,
    channelConfigured: channel !== undefined,
    published,
    shared,
    joinLinks,
    async publishPost(post) {
      if (!channel || channel.fail) throw new Error("Bad Request: chat not found");
      published.push(post);
      return { chatId: channel.chatId, messageId: BigInt(499 + published.length) };
    },
    async readChannel() {
      if (!channel || channel.fail) throw new Error("Bad Request: chat not found");
      return { memberCount: 26_234, logoUrl: undefined };
    },
    // Payments are tested with the real bot against the fake Bot API (tests/bot/plan-payments.test.ts).
    async createPlanInvoice() {
      throw new Error("not used by these tests");
    },
    async refundStarPayment() {
      throw new Error("not used by these tests");
    },
    async editStarSubscription() {
      throw new Error("not used by these tests");
    },
    async prepareShare(telegramId, card) {
      shared.push({ telegramId, card });
      return `prepared-${shared.length}`;
    },
    async createJoinLink(chatId, name) {
      joinLinks.push({ chatId, name });
      return `https://t.me/+join-${chatId}-${joinLinks.length}`;
    },
  };
}

export function recordingLogger(): Logger & {
  lines: { level: string; message: string; fields?: Record<string, unknown> }[];
} {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    lines.push({ level, message, ...(fields ? { fields } : {}) });
  };
  return {
    lines,
    request: ({ seconds, ...line }) =>
      at("info")("request", { ...line, ms: Math.round(seconds * 10_000) / 10 }),
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
  };
}

export interface RecordedCall {
  method: string;
  payload: Record<string, unknown>;
}

/** An API transformer that records the bot's calls and answers them without Telegram. */
export function recordingTransformer(): { calls: RecordedCall[]; transformer: Transformer } {
  const calls: RecordedCall[] = [];
  let messageId = 1000;
  const transformer: Transformer = async (_prev, method, payload) => {
    calls.push({ method, payload: payload as Record<string, unknown> });
    const result =
      method === "sendMessage"
        ? { message_id: ++messageId, date: Math.floor(Date.now() / 1000), chat: { id: 1, type: "private" } }
        : true;
    return { ok: true, result } as never;
  };
  return { calls, transformer };
}
