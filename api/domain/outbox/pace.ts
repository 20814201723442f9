import type { Db } from "#db/client";
import {
  answeredSlots,
  type PaceLane,
  pauseAllLanes,
  pausedForMs,
  sizeRing,
  takeSlots,
} from "#db/queries/outbox-pace";

/** How stale this process's view of the shared pause may be. */
const PAUSE_CHECK_MS = 250;

/**
 * The pace every process shares through the database (decision 104): per lane a ring of as many send
 * slots as the lane's rate, each taken just before a call and free a second after its call was
 * answered, and the pause a 429 asks for, which every process sees within PAUSE_CHECK_MS (and no
 * process takes a slot during).
 */
export class Pace {
  /** Local time (Date.now()) until which no lane sends, as far as this process knows. */
  private pausedUntil = 0;
  private checkedAt = 0;

  constructor(private readonly db: Db) {}

  /** The lane's ring holds `rate` slots (the config this process started with). */
  size(lane: PaceLane, rate: number): Promise<void> {
    return sizeRing(this.db, lane, rate);
  }

  /**
   * Up to `count` free slots, taken now; when fewer, `waitMs` until the next frees and `allMs` until
   * `count` more are free. A pause seen here
   * is remembered locally.
   */
  async take(
    lane: PaceLane,
    count: number,
  ): Promise<{ slots: number[]; waitMs: number; allMs: number; paused: boolean }> {
    const { slots, waitMs, allMs, pausedMs } = await takeSlots(this.db, lane, count);
    if (pausedMs > 0) this.pausedUntil = Math.max(this.pausedUntil, Date.now() + pausedMs);
    return { slots, waitMs, allMs, paused: pausedMs > 0 };
  }

  /** The calls of `slots` were answered `agoMs` ago: the slots free a second after that. */
  answered(lane: PaceLane, slots: readonly number[], agoMs: number): Promise<void> {
    return answeredSlots(this.db, lane, slots, agoMs);
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
