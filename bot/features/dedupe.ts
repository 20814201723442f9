import type { MiddlewareFn } from "grammy";
import { claimUpdate, forgetOldUpdates, releaseUpdate } from "#api/domain/channel";
import type { ServiceContext } from "#api/domain/context";
import type { BotContext } from "../context";

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Telegram redelivers a webhook update it got no 200 for, and a restart can replay polled ones:
 * each update_id is handled once. A handler that fails forgets the id, so a redelivery retries it.
 */
export function dedupeUpdates(services: Pick<ServiceContext, "db" | "now">): MiddlewareFn<BotContext> {
  let lastPrune = 0;
  return async (ctx, next) => {
    const updateId = BigInt(ctx.update.update_id);
    if (!(await claimUpdate(services, updateId))) return;
    try {
      await next();
    } catch (error) {
      await releaseUpdate(services, updateId);
      throw error;
    }
    const now = services.now().getTime();
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      await forgetOldUpdates(services);
    }
  };
}
