import type { Logger } from "#api/process/logger";
import type { Metrics } from "#api/process/metrics";
import type { Db } from "#db/client";
import { markBotBlocked } from "#db/queries/messaging/bot-reach";
import { recordFinal, recordSent, requeueRows } from "#db/queries/messaging/outbox-outcomes";
import type { SendOutcome } from "../../ports/outbox-transport";
import type { ClaimedRow } from "./claim";
import { MAX_TRIES, outboxKinds } from "./kinds";
import type { Pace } from "./pace";

/** Sent rows are written together, at most this long after their call. */
const SENT_FLUSH_MS = 50;
const SENT_FLUSH_ROWS = 100;
/** The longest wait between two tries. */
const MAX_BACKOFF_MS = 15 * 60_000;

/**
 * Writes what became of each call (decision 104): sent (batched); 429 → every process pauses and the
 * row waits, its try given back; 403 → blocked, and the member is skipped until they open the bot
 * (a gate action's 403 → failed: the bot lacks a right there);
 * another 4xx → failed with the reason; 5xx or the network → again after a backoff that doubles,
 * failed after MAX_TRIES; a call that may have landed (a timeout) → like a 5xx for the kinds sent
 * again when uncertain, "uncertain" for the others. Each call is counted (outbox_calls_total).
 */
export class Outcomes {
  private sent: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly pace: Pace | undefined,
    private readonly log: Logger,
    private readonly retryBaseMs: number,
    private readonly calls: Metrics["outboxCalls"],
  ) {}

  async settle(row: ClaimedRow, result: SendOutcome): Promise<void> {
    this.calls.inc({ channel: row.channel, kind: row.kind, outcome: result.outcome });
    switch (result.outcome) {
      case "sent":
        this.sent.push(row.id);
        if (this.sent.length >= SENT_FLUSH_ROWS) void this.flush();
        else this.timer ??= setTimeout(() => void this.flush(), SENT_FLUSH_MS);
        return;
      case "rate_limited":
        await this.pace?.pause(result.retryAfterSeconds);
        await requeueRows(this.db, [row.id], {
          delayMs: result.retryAfterSeconds * 1000,
          untried: result.landed !== true,
        });
        return;
      case "blocked":
        // A gate action refused (the bot lacks a right in that chat) says nothing of the member.
        if (row.kind === "chat_action") {
          await recordFinal(this.db, [row.id], "failed", result.reason);
          return;
        }
        // The member first, so no later row of theirs is claimed as reachable.
        if (row.userId) await markBotBlocked(this.db, row.userId);
        await recordFinal(this.db, [row.id], "blocked", result.reason);
        return;
      case "rejected":
        await recordFinal(this.db, [row.id], "failed", result.reason);
        return;
      case "unknown":
        if (!outboxKinds[row.kind].resendWhenUncertain) {
          await recordFinal(this.db, [row.id], "uncertain", result.reason);
          return;
        }
        return this.retry(row, result.reason);
      case "transient":
        return this.retry(row, result.reason);
    }
  }

  private async retry(row: ClaimedRow, reason: string): Promise<void> {
    // The call counted as a try when it started.
    const tries = row.tries + 1;
    if (tries >= MAX_TRIES) await recordFinal(this.db, [row.id], "failed", reason);
    else
      await requeueRows(this.db, [row.id], {
        delayMs: Math.min(MAX_BACKOFF_MS, this.retryBaseMs * 2 ** (tries - 1)),
        lastError: reason,
      });
  }

  /** Writes the sent rows gathered so far; resolves once every write asked for until now is done. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ids = this.sent;
    this.sent = [];
    this.writing = this.writing
      .then(() => recordSent(this.db, ids))
      .catch((error: unknown) => this.log.error("outbox: sent rows not recorded", { error: String(error) }));
    return this.writing;
  }
}
