import { tierChangeReasons } from "#api/contracts/plan-payments";
import type { Logger } from "#api/process/logger";
import { endExpiredSubscriptions } from "#db/queries/plan-payments";
import { deleteEndedWindows } from "#db/queries/rate-limits";
import { deleteEndedSessions } from "#db/queries/sessions";
import type { ServiceContext } from "../context";
import { repeatEvery } from "./repeating";

/**
 * Deletes rows that can never be used again (expired and revoked sessions, ended rate-limit windows)
 * and ends Stars subscriptions past their paid time (members reading their plan end their own sooner).
 */
export async function sweepEnded({ db }: Pick<ServiceContext, "db">, now: Date): Promise<void> {
  await deleteEndedSessions(db, now);
  await deleteEndedWindows(db, now);
  await endExpiredSubscriptions(db, now, tierChangeReasons.ended);
}

const EVERY_MS = 10 * 60 * 1000;

/** Sweeps every ten minutes until stopped; stop() waits for a sweep in progress. */
export function startHousekeeping(
  { db }: Pick<ServiceContext, "db">,
  now: () => Date,
  log: Logger,
  everyMs = EVERY_MS,
) {
  return repeatEvery(
    everyMs,
    () => sweepEnded({ db }, now()),
    (error) => log.warn("housekeeping sweep failed", { error: String(error) }),
  );
}
