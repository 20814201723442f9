import type { Db } from "#db/client";
import {
  extendLease,
  markCallsStarted,
  recordFinal,
  recoverExpiredLeases,
  requeueRows,
} from "#db/queries/outbox-outcomes";
import type { PaceLane } from "#db/queries/outbox-pace";
import type { ServiceContext } from "../context";
import type { OutboxTransport, SendOutcome } from "../ports/outbox-transport";
import { repeatEvery } from "../services/repeating";
import { finishBroadcasts } from "./broadcast-status";
import { type ClaimedRow, claim, skipOf } from "./claim";
import { MAX_TRIES, RESEND_WHEN_UNCERTAIN } from "./kinds";
import { Outcomes } from "./outcomes";
import { Pace } from "./pace";
import { mailMessage, telegramMessage } from "./render";

export interface OutboxSenderOptions {
  /** How long a lane with nothing due waits before looking again. */
  pollMs?: number;
  /** How long a claim holds its rows before another process may take them back. */
  leaseMs?: number;
  /** The first retry's wait after a 5xx; it doubles with each try. */
  retryBaseMs?: number;
  /** How often ended leases are recovered and drained broadcasts finished. */
  recoverEveryMs?: number;
}

export interface OutboxSender {
  /** No new claim; calls in flight finish and are recorded; claimed rows not called yet go back. */
  stop(): Promise<void>;
}

/** A claim takes this many seconds of sending at the lane's rate; the next is claimed when half is left. */
const BATCH_SECONDS = 0.5;
/**
 * Slots are taken (and their rows marked) a group at a time, this many seconds of sending, and the
 * group's calls made at once; a process takes its groups at most at the lane's rate (one group late
 * may be caught up: the ring, not this spacing, keeps the limit).
 */
const GROUP_SECONDS = 0.02;
/** A process that found the next slot busy looks again after this. */
const BUSY_RETRY_MS = 5;
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
  const outcomes = new Outcomes(db, pace, log, options.retryBaseMs ?? 5000);
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

  /** A row's call; resolves to when Telegram answered (undefined: not called after all). */
  async function callTelegram(
    bot: OutboxTransport,
    row: ClaimedRow,
    paid: boolean,
  ): Promise<number | undefined> {
    // Stopping or paused since the row was marked: it goes back, never called.
    if (stopping || pace.pausedLocally()) {
      await release([row]);
      return undefined;
    }
    const result: SendOutcome = await bot
      .send(telegramMessage(ctx, row, paid))
      .catch((error: unknown) => ({ outcome: "transient", reason: String(error) }) as const);
    const answeredAt = Date.now();
    await outcomes.settle(row, result);
    return answeredAt;
  }

  async function pacedLane(bot: OutboxTransport, lane: PaceLane, rate: number) {
    const paid = lane === "paid";
    const group = Math.max(1, Math.ceil(rate * GROUP_SECONDS));
    const intervalMs = 1000 / rate;
    const groupMs = group * intervalMs;
    const batch = Math.max(group, Math.min(500, Math.ceil(rate * BATCH_SECONDS)));
    /** Claimed rows waiting for their slots, in the claim's order, and since when the oldest's lease runs. */
    const pending: ClaimedRow[] = [];
    let leasedAt = 0;
    let claiming: Promise<boolean> | undefined;
    let groupsInFlight = 0;
    const broadcastIds = new Set<string>();

    /** Broadcasts whose rows are all done become "done", once the sent rows are written. */
    async function finish() {
      const ids = [...broadcastIds];
      broadcastIds.clear();
      await outcomes.flush();
      if (ids.length > 0) await finishBroadcasts(db, ids);
    }

    /** Claims the next batch while this one is sent; resolves to whether it found rows. */
    const refill = () =>
      (claiming ??= (async () => {
        try {
          const claimed = await claim(ctx, lane, batch, leaseMs);
          for (const id of touched(claimed)) broadcastIds.add(id);
          const rows = await settleSkips(claimed);
          if (stopping) {
            await release(rows);
            return false;
          }
          if (pending.length === 0) leasedAt = Date.now();
          pending.push(...rows);
          return claimed.length > 0;
        } catch (error) {
          log.error("outbox: claim failed", { lane, error: String(error) });
          await sleep(ERROR_WAIT_MS);
          return false;
        }
      })().finally(() => {
        claiming = undefined;
      }));

    /** One group's calls at once; then its slots are free a second after the last answer. */
    async function sendGroup(rows: ClaimedRow[], slots: number[]) {
      groupsInFlight++;
      let last = 0;
      try {
        const answered = await Promise.all(rows.map((row) => callTelegram(bot, row, paid)));
        last = Math.max(0, ...answered.map((at) => at ?? 0));
      } catch (error) {
        log.error("outbox: send failed", { lane, error: String(error) });
      } finally {
        // Not called after all (or failed here): the slots count as used now.
        await pace
          .answered(lane, slots, last > 0 ? Date.now() - last : 0)
          .catch((error: unknown) => log.error("outbox: slots not freed", { lane, error: String(error) }));
        groupsInFlight--;
      }
      if (groupsInFlight === 0 && pending.length === 0) await finish();
    }

    let sized = false;
    let nextTakeAt = 0;
    while (!stopping) {
      try {
        if (!sized) {
          await pace.size(lane, rate);
          sized = true;
        }
        const paused = await pace.pausedForMs();
        if (paused > 0) {
          await sleep(Math.min(paused, 1000));
          continue;
        }
        if (pending.length < batch / 2) void refill();
        if (pending.length === 0) {
          const found = await refill();
          if (pending.length === 0) {
            if (groupsInFlight === 0) await finish();
            if (!found) await sleep(pollMs);
            continue;
          }
        }
        // Rows waiting longer than a claim expects (a long pause, many processes): their lease too.
        if (Date.now() - leasedAt > leaseMs / 2) {
          await extendLease(
            db,
            pending.map((row) => row.id),
            leaseMs,
          );
          leasedAt = Date.now();
        }
        await sleep(nextTakeAt - Date.now());
        if (stopping) break;
        const want = Math.min(group, pending.length);
        const taken = await pace.take(lane, want);
        if (taken.paused) {
          // A 429's pause: the rows claimed and not called go back (any process claims them after it).
          await release(pending.splice(0));
          continue;
        }
        if (taken.slots.length > 0) {
          const rows = pending.splice(0, taken.slots.length);
          await markCallsStarted(
            db,
            rows.map((row) => row.id),
          );
          track(sendGroup(rows, taken.slots));
          nextTakeAt = Math.max(nextTakeAt + taken.slots.length * intervalMs, Date.now() - groupMs);
        }
        // Fewer free slots than wanted: until they free (a few ms if another process is taking them
        // or their calls are not answered yet).
        // Slots free one by one (each a second after its answer): wait for a group's worth, but no
        // longer than a group's time after the first, so that takes stay whole groups.
        if (taken.slots.length < want)
          await sleep(Math.min(1000, Math.max(BUSY_RETRY_MS, Math.min(taken.allMs, taken.waitMs + groupMs))));
      } catch (error) {
        log.error("outbox: lane failed", { lane, error: String(error) });
        await sleep(ERROR_WAIT_MS);
      }
    }
    // Stopping: claimed rows not called go back.
    await claiming;
    await release(pending.splice(0)).catch((error: unknown) =>
      log.error("outbox: rows not given back", { lane, error: String(error) }),
    );
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

  const recover = () => recoverLeases(db, log);
  const recovery = repeatEvery(options.recoverEveryMs ?? 5000, recover, (error) =>
    log.warn("outbox: lease recovery failed", { error: String(error) }),
  );
  const lanes: Promise<void>[] = [
    recover().catch((error: unknown) => log.warn("outbox: lease recovery failed", { error: String(error) })),
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
      await recovery.stop();
    },
  };
}

/** Rows of dead claims back to the queue, or uncertain (decision 104); drained broadcasts finished. */
async function recoverLeases(db: Db, log: ServiceContext["log"]): Promise<void> {
  const { requeued, uncertain } = await recoverExpiredLeases(db, RESEND_WHEN_UNCERTAIN, MAX_TRIES);
  if (requeued + uncertain > 0) log.warn("outbox: claims whose lease ended", { requeued, uncertain });
  await finishBroadcasts(db);
}
