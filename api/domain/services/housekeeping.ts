import type { Logger } from "#api/process/logger";
import { deleteEndedWindows } from "#db/queries/rate-limits";
import { deleteEndedSessions } from "#db/queries/sessions";
import type { ServiceContext } from "../context";
import { repeatEvery } from "./repeating";

/**
 * Deletes rows that can never be used again (expired and revoked sessions, ended rate-limit windows).
 * Plans that lapse end in their own job (plan-renewals.ts).
 */
export async function sweepEnded({ db }: Pick<ServiceContext, "db">, now: Date): Promise<void> {
  await deleteEndedSessions(db, now);
  await deleteEndedWindows(db, now);
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
