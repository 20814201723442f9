import { BROADCAST_SCHEDULE_DAYS_MAX } from "#api/contracts/broadcasts";

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A local date and time to the minute, as <input type="datetime-local"> reads and writes it. */
export function localDateTime(at: Date): string {
  const minute = Math.floor(at.getTime() / MINUTE) * MINUTE;
  return new Date(minute - new Date(minute).getTimezoneOffset() * MINUTE).toISOString().slice(0, 16);
}

/** The picker's first value: an hour from now. */
export const inAnHour = (now = Date.now()): string => localDateTime(new Date(now + 60 * MINUTE));

/**
 * The latest the picker offers: the server refuses a time more than BROADCAST_SCHEDULE_DAYS_MAX days
 * ahead of its clock (`broadcast_too_far_ahead`), and the minute is rounded down, never past it.
 */
export const latestSendAt = (now = Date.now()): string =>
  localDateTime(new Date(now + BROADCAST_SCHEDULE_DAYS_MAX * DAY));
