import {
  claimUpdate as claim,
  pruneProcessedUpdates,
  releaseUpdate as release,
} from "#db/queries/channel/processed-updates";
import type { ServiceContext } from "../context";

/** How long an update_id is remembered: longer than Telegram redelivers or a restart replays. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/*
 * The Telegram updates the bot has handled (bot/features/dedupe.ts), so each update_id is handled
 * once however often Telegram delivers it.
 */

/** Records an update_id; false when it was recorded already (a redelivery, not to handle again). */
export async function claimUpdate(ctx: Pick<ServiceContext, "db">, updateId: bigint): Promise<boolean> {
  return claim(ctx.db, updateId);
}

/** Forgets an update_id whose handling failed, so Telegram's redelivery is handled again. */
export async function releaseUpdate(ctx: Pick<ServiceContext, "db">, updateId: bigint): Promise<void> {
  await release(ctx.db, updateId);
}

/** Forgets the update_ids older than the week they are kept. */
export async function forgetOldUpdates(ctx: Pick<ServiceContext, "db" | "now">): Promise<void> {
  await pruneProcessedUpdates(ctx.db, new Date(ctx.now().getTime() - KEEP_MS));
}
