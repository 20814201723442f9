import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { ServiceContext } from "#api/domain/context";
import { startOutboxSender } from "#api/domain/messaging";
import type { OutboxSenderOptions } from "#api/domain/messaging/outbox/sender";
import type { OutboxTransport } from "#api/domain/ports/outbox-transport";
import { jobs } from "#api/jobs";
import { startJobs } from "#api/process/job-runner";
import { botOutboxTransport } from "#bot/outbox-transport";
import { executeRows } from "#db/rows";
import { TEST_BOT_TOKEN } from "./accounts";
import type { FakeBotApi, FakeCall } from "./fake-bot-api";
import { eventually } from "./test-app";

const outboxLeases = jobs.find((job) => job.name === "outbox-leases");

/**
 * The outbox's sender and its lease-recovery job as main.ts starts them, quicker than production
 * (polls every 100 ms, retries from 50 ms, leases recovered every 500 ms); stop() stops both.
 */
export function startQuickSender(
  ctx: ServiceContext,
  transport: OutboxTransport | undefined,
  options: OutboxSenderOptions = {},
) {
  if (!outboxLeases) throw new Error("api/jobs.ts has no outbox-leases job");
  const sender = startOutboxSender(ctx, transport, { pollMs: 100, retryBaseMs: 50, ...options });
  const leases = startJobs([{ ...outboxLeases, every: 500 }], ctx);
  return {
    async stop() {
      await sender.stop();
      await leases.stop();
    },
  };
}

/**
 * Runs the outbox's sender (decision 104) as the bot's process does (main.ts): its Telegram lanes
 * through the bot's own transport pointed at `fakeBot`, its mail lane through `ctx.mailer` when the
 * app has one. Returns once nothing it can send is left queued (due, or due within the minute: a
 * retry) or in flight, and the sender has stopped, its outcomes and finished broadcasts recorded.
 * Every due row goes, not only a test's own: a file draining after a large enqueue waits for it all.
 */
export async function drainOutbox(
  ctx: ServiceContext,
  fakeBot: FakeBotApi | undefined,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  // A running bot always has PUBLIC_URL (the configuration requires it); without it the sender
  // would drop every web_app button.
  if (fakeBot && !ctx.config.PUBLIC_URL)
    throw new Error("drainOutbox: the app needs PUBLIC_URL, as a bot has");
  if (!fakeBot && !ctx.mailer)
    throw new Error("drainOutbox: neither a fake Bot API nor a mailer to send with");
  const channels = [...(fakeBot ? ["telegram"] : []), ...(ctx.mailer ? ["mail"] : [])];
  const sender = runOutbox(ctx, fakeBot);
  try {
    await outboxIdle(ctx, channels, options.timeoutMs);
  } finally {
    await sender.stop();
  }
}

/**
 * Returns once nothing on `channels` is left queued (due, or due within the minute: a retry) or in
 * flight: with a sender running (runOutbox), once what was queued has gone.
 */
export async function outboxIdle(
  ctx: ServiceContext,
  channels: readonly string[] = ["telegram", "mail"],
  timeoutMs = 20_000,
): Promise<void> {
  await eventually(async () => {
    const [row] = await executeRows<{ left: number }>(
      ctx.db,
      sql`select count(*)::int as left from outbox
        where channel::text in (${sql.join(
          channels.map((channel) => sql`${channel}`),
          sql`, `,
        )})
          and (state = 'sending' or (state = 'queued' and next_attempt_at < now() + interval '1 minute'))`,
    );
    expect(Number(row?.left)).toBe(0);
  }, timeoutMs);
}

/** The sends to a chat the fake Bot API accepted (sendMessage, sendPhoto…), in order. */
export const sendsTo = (fakeBot: FakeBotApi, chatId: number | bigint): FakeCall[] =>
  fakeBot.calls.filter(
    (call) => call.method.startsWith("send") && call.payload.chat_id === Number(chatId) && call.result,
  );

/** An outbox message's keyboard as Telegram gets it: `open` buttons as web_app at the app, `stop` as callbacks. */
export const keyboardOf = (
  publicUrl: string,
  buttons: ({ text: string; open: string } | { text: string; stop: string })[],
) => ({
  inline_keyboard: buttons.map((button) => [
    "open" in button
      ? { text: button.text, web_app: { url: `${publicUrl}${button.open}` } }
      : { text: button.text, callback_data: `stop:${button.stop}` },
  ]),
});

/**
 * The outbox's sender running as in the bot's process until stopped (drainOutbox's transport and
 * pace): a test waits for what it queued with `eventually`, as a member waits for the message.
 */
export function runOutbox(ctx: ServiceContext, fakeBot: FakeBotApi | undefined): { stop(): Promise<void> } {
  const transport = fakeBot
    ? botOutboxTransport({ BOT_TOKEN: TEST_BOT_TOKEN, BOT_API_ROOT: fakeBot.apiRoot }, ctx.storage)
    : undefined;
  return startQuickSender(ctx, transport);
}
