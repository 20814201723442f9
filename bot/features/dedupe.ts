import type { MiddlewareFn } from "grammy";
import type { ServiceContext } from "#api/services/context";
import { claimUpdate, pruneProcessedUpdates, releaseUpdate } from "#db/queries/processed-updates";
import type { BotContext } from "../context";

const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Telegram redelivers a webhook update it got no 200 for, and a restart can replay polled ones:
 * each update_id is handled once. A handler that fails forgets the id, so a redelivery retries it.
 */
export function dedupeUpdates(services: Pick<ServiceContext, "db" | "now">): MiddlewareFn<BotContext> {
  let lastPrune = 0;
  return async (ctx, next) => {
    const updateId = BigInt(ctx.update.update_id);
    if (!(await claimUpdate(services.db, updateId))) return;
    try {
      await next();
    } catch (error) {
      await releaseUpdate(services.db, updateId);
      throw error;
    }
    const now = services.now().getTime();
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      await pruneProcessedUpdates(services.db, new Date(now - KEEP_MS));
    }
  };
}
