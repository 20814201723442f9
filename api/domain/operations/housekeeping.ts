import { deleteEndedWindows } from "#db/queries/auth/rate-limits";
import { deleteEndedSessions } from "#db/queries/auth/sessions";
import type { ServiceContext } from "../context";

/**
 * Deletes rows that can never be used again (expired and revoked sessions, ended rate-limit windows).
 * Plans that lapse end in their own job (plan-renewals.ts).
 */
export async function sweepEnded({ db }: Pick<ServiceContext, "db">, now: Date): Promise<void> {
  await deleteEndedSessions(db, now);
  await deleteEndedWindows(db, now);
}
