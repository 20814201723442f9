import type { Db } from "#db/client";
import { type PaceLane, pauseAllLanes, pausedForMs, reserveSlots } from "#db/queries/messaging/outbox-pace";

/** How stale this process's view of the shared pause may be. */
const PAUSE_CHECK_MS = 250;
/** A slot handed out is at least this far off: time to mark its row before the call, not late at once. */
const SLOT_LEAD_MS = 100;

/**
 * The pace every process shares through the database (decision 104): send slots handed out per lane
 * at the lane's rate, and the pause a 429 asks for, which every process sees within PAUSE_CHECK_MS.
 */
export class Pace {
  /** Local time (Date.now()) until which no lane sends, as far as this process knows. */
  private pausedUntil = 0;
  private checkedAt = 0;

  constructor(private readonly db: Db) {}

  /** Takes `count` slots at `rate` per second; resolves to the local time of the first one. */
  async reserve(lane: PaceLane, count: number, rate: number): Promise<number> {
    const delayMs = await reserveSlots(this.db, lane, count, 1000 / rate, SLOT_LEAD_MS);
    return Date.now() + delayMs;
  }

  /** A 429: every lane of every process waits `seconds`. */
  async pause(seconds: number): Promise<void> {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + seconds * 1000);
    await pauseAllLanes(this.db, seconds);
  }

  /** Whether a pause is known here, without asking the database. */
  pausedLocally(): boolean {
    return Date.now() < this.pausedUntil;
  }

  /** Milliseconds left of the shared pause (0: none); asks the database at most every PAUSE_CHECK_MS. */
  async pausedForMs(): Promise<number> {
    const now = Date.now();
    if (now - this.checkedAt >= PAUSE_CHECK_MS) {
      this.checkedAt = now;
      this.pausedUntil = Math.max(this.pausedUntil, now + (await pausedForMs(this.db)));
    }
    return Math.max(0, this.pausedUntil - Date.now());
  }
}
