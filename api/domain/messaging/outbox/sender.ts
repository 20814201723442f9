import {
  extendLease,
  markCallsStarted,
  recordFinal,
  recoverExpiredLeases,
  requeueRows,
} from "#db/queries/messaging/outbox-outcomes";
import type { PaceLane } from "#db/queries/messaging/outbox-pace";
import type { ServiceContext } from "../../context";
import type { OutboxTransport, SendOutcome } from "../../ports/outbox-transport";
import { finishBroadcasts } from "./broadcast-status";
import { type ClaimedRow, claim, skipOf } from "./claim";
import { MAX_TRIES, RESEND_WHEN_UNCERTAIN } from "./kinds";
import { Outcomes } from "./outcomes";
import { Pace } from "./pace";
import { actionOf, mailMessage, telegramMessage } from "./render";

export interface OutboxSenderOptions {
  /** How long a lane with nothing due waits before looking again. */
  pollMs?: number;
  /** How long a claim holds its rows before another process may take them back. */
  leaseMs?: number;
  /** The first retry's wait after a 5xx; it doubles with each try. */
  retryBaseMs?: number;
}

export interface OutboxSender {
  /** No new claim; calls in flight finish and are recorded; claimed rows not called yet go back. */
  stop(): Promise<void>;
}

/**
 * A claim takes this many seconds of sending at the lane's rate; a lane reserves at most this far
 * ahead. Where other processes may share the pace (Postgres), little: a process starved of CPU then
 * holds few slots it may miss (LATE_MS), which no other could use. PGlite is one process's.
 */
const BATCH_SECONDS = { shared: 0.2, alone: 0.5 };
const LOOKAHEAD_MS = { shared: 300, alone: 1000 };
/** Rows are marked (call_started_at) in waves of this many seconds of sending, just before their calls. */
const WAVE_SECONDS = 0.05;
const MARK_AHEAD_MS = 60;
/**
 * Where other processes may share the pace, a row whose slot passed by more than this (its process
 * starved of CPU) is not called late: sent then, it would crowd the slots that follow (another
 * process's) into a burst Telegram counts. It goes back to the queue, uncalled, for a later slot.
 * A process alone takes a late slot late (its own sends stay a slot apart).
 */
const LATE_MS = { shared: 25, alone: Number.POSITIVE_INFINITY };
/** Mail goes out this many at once (the SMTP pool's connections take them). */
const MAIL_BATCH = 10;
/** A lane whose database call failed waits this long. */
const ERROR_WAIT_MS = 1000;

/**
 * The outbox's sender (decision 104): per lane (the bot's free pace, its paid pace, mail) a loop that
 * claims due rows, drops those the send-time checks refuse, takes send slots from the pace all
 * processes share, marks each row just before its call and records what became of it. Telegram
 * lanes run with a transport (the bot is on here), mail with a mailer. Ended leases are recovered.
 */
export function startOutboxSender(
  ctx: ServiceContext,
  transport: OutboxTransport | undefined,
  options: OutboxSenderOptions = {},
): OutboxSender {
  const { db, log, config, mailer } = ctx;
  const pollMs = options.pollMs ?? 500;
  const leaseMs = options.leaseMs ?? 30_000;
  const pace = new Pace(db);
  const sharing = config.DATABASE_URL ? "shared" : "alone";
  const outcomes = new Outcomes(db, pace, log, options.retryBaseMs ?? 5000, ctx.metrics.outboxCalls);
  let stopping = false;
  // Sleeps end early on stop; each is forgotten when it ends (no listener piles up on a promise).
  const sleeping = new Map<NodeJS.Timeout, () => void>();
  const wake = () => {
    for (const [timer, resolve] of sleeping) {
      clearTimeout(timer);
      resolve();
    }
    sleeping.clear();
  };
  const sleep = (ms: number) =>
    ms <= 0 || stopping
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            sleeping.delete(timer);
            resolve();
          }, ms);
          sleeping.set(timer, resolve);
        });
  const batches = new Set<Promise<void>>();
  const track = (batch: Promise<void>) => {
    batches.add(batch);
    void batch.finally(() => batches.delete(batch));
  };

  /** Rows the send-time checks refuse end here; the rest are returned to send. */
  async function settleSkips(rows: ClaimedRow[]): Promise<ClaimedRow[]> {
    const send: ClaimedRow[] = [];
    for (const row of rows) {
      const skip = skipOf(row);
      if (skip) await recordFinal(db, [row.id], skip.state, skip.reason);
      else send.push(row);
    }
    return send;
  }

  const release = (rows: ClaimedRow[]) =>
    requeueRows(
      db,
      rows.map((row) => row.id),
      { delayMs: 0, untried: true },
    );

  const touched = (rows: ClaimedRow[]) => [
    ...new Set(rows.flatMap((row) => (row.broadcastId ? [row.broadcastId] : []))),
  ];

  async function callTelegram(bot: OutboxTransport, row: ClaimedRow, paid: boolean): Promise<void> {
    // Stopping or paused since the row was marked: it goes back, never called.
    if (stopping || pace.pausedLocally()) return release([row]);
    const result: SendOutcome = await (row.kind === "chat_action"
      ? bot.act(actionOf(row))
      : bot.send(telegramMessage(ctx, row, paid))
    ).catch((error: unknown) => ({ outcome: "transient", reason: String(error) }) as const);
    await outcomes.settle(row, result);
  }

  /**
   * A process's own sends of a lane stay `intervalMs` apart even when its timers run late: a late
   * slot is never caught up in a burst (Telegram counts arrivals), it is taken late.
   */
  const spacedAt = new Map<PaceLane, number>();
  async function spaced(lane: PaceLane, intervalMs: number): Promise<void> {
    const at = Math.max(Date.now(), (spacedAt.get(lane) ?? 0) + intervalMs);
    spacedAt.set(lane, at);
    await sleep(at - Date.now());
  }

  /** One claim's rows at their slots, `intervalMs` apart from `startAt`, marked a wave at a time. */
  async function sendBatch(
    bot: OutboxTransport,
    rows: ClaimedRow[],
    startAt: number,
    intervalMs: number,
    paid: boolean,
    wave: number,
  ) {
    const calls: Promise<void>[] = [];
    const late: ClaimedRow[] = [];
    try {
      for (let i = 0; i < rows.length; i += wave) {
        await sleep(startAt + i * intervalMs - MARK_AHEAD_MS - Date.now());
        if (stopping || (await pace.pausedForMs()) > 0) {
          await release(rows.slice(i));
          break;
        }
        const group = rows.slice(i, i + wave);
        await markCallsStarted(
          db,
          group.map((row) => row.id),
        );
        group.forEach((row, j) => {
          const slotAt = startAt + (i + j) * intervalMs;
          calls.push(
            sleep(slotAt - Date.now()).then(async () => {
              if (Date.now() - slotAt > LATE_MS[sharing]) {
                late.push(row);
                return;
              }
              await spaced(paid ? "paid" : "free", intervalMs);
              await callTelegram(bot, row, paid);
            }),
          );
        });
      }
    } finally {
      await Promise.allSettled(calls);
      await release(late);
      await outcomes.flush();
      await finishBroadcasts(db, touched(rows));
    }
  }

  async function pacedLane(bot: OutboxTransport, lane: PaceLane, rate: number) {
    const intervalMs = 1000 / rate;
    const batch = Math.max(1, Math.min(500, Math.ceil(rate * BATCH_SECONDS[sharing])));
    const wave = Math.max(1, Math.ceil(rate * WAVE_SECONDS));
    let horizon = 0;
    while (!stopping) {
      try {
        const paused = await pace.pausedForMs();
        if (paused > 0) {
          await sleep(Math.min(paused, 1000));
          continue;
        }
        const ahead = horizon - Date.now();
        if (ahead > LOOKAHEAD_MS[sharing]) {
          await sleep(ahead - LOOKAHEAD_MS[sharing]);
          continue;
        }
        const claimed = await claim(ctx, lane, batch, leaseMs);
        if (claimed.length === 0) {
          await sleep(pollMs);
          continue;
        }
        const rows = await settleSkips(claimed);
        if (rows.length === 0) {
          await finishBroadcasts(db, touched(claimed));
          continue;
        }
        const startAt = await pace.reserve(lane, rows.length, rate);
        horizon = startAt + rows.length * intervalMs;
        // Slots beyond the lease (a long queue of processes, a pause): the lease covers them.
        if (horizon - Date.now() > leaseMs / 2)
          await extendLease(
            db,
            rows.map((row) => row.id),
            horizon - Date.now() + leaseMs,
          );
        track(sendBatch(bot, rows, startAt, intervalMs, lane === "paid", wave));
      } catch (error) {
        log.error("outbox: lane failed", { lane, error: String(error) });
        await sleep(ERROR_WAIT_MS);
      }
    }
  }

  async function mailLane() {
    while (!stopping && mailer) {
      try {
        const claimed = await claim(ctx, "mail", MAIL_BATCH, leaseMs);
        if (claimed.length === 0) {
          await sleep(pollMs);
          continue;
        }
        const rows = await settleSkips(claimed);
        await markCallsStarted(
          db,
          rows.map((row) => row.id),
        );
        await Promise.all(
          rows.map(async (row) => {
            const result: SendOutcome = await mailer
              .send(mailMessage(ctx, row, row.verifiedEmail ?? ""))
              .then(
                () => ({ outcome: "sent" }) as const,
                (error: unknown) => ({ outcome: "transient", reason: String(error) }) as const,
              );
            await outcomes.settle(row, result);
          }),
        );
        await outcomes.flush();
        await finishBroadcasts(db, touched(claimed));
      } catch (error) {
        log.error("outbox: mail failed", { error: String(error) });
        await sleep(ERROR_WAIT_MS);
      }
    }
  }

  // Claims a process left behind go back at once; later ones, by the outbox-leases job (api/jobs.ts).
  const lanes: Promise<void>[] = [
    recoverOutboxLeases(ctx).catch((error: unknown) =>
      log.warn("outbox: lease recovery failed", { error: String(error) }),
    ),
  ];
  if (transport) {
    lanes.push(
      pacedLane(transport, "free", config.BROADCAST_RATE),
      pacedLane(transport, "paid", config.BROADCAST_PAID_RATE),
    );
  }
  if (mailer) lanes.push(mailLane());

  return {
    async stop() {
      stopping = true;
      wake();
      await Promise.all(lanes);
      await Promise.all([...batches]);
      await outcomes.flush();
    },
  };
}

/** Rows of dead claims back to the queue, or uncertain (decision 104); drained broadcasts finished. */
export async function recoverOutboxLeases(ctx: Pick<ServiceContext, "db" | "log">): Promise<void> {
  const { db, log } = ctx;
  const { requeued, uncertain } = await recoverExpiredLeases(db, RESEND_WHEN_UNCERTAIN, MAX_TRIES);
  if (requeued + uncertain > 0) log.warn("outbox: claims whose lease ended", { requeued, uncertain });
  await finishBroadcasts(db);
}
