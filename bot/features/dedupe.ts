import { eq, lt } from "drizzle-orm";
import type { MiddlewareFn } from "grammy";
import { processedUpdates } from "#db/schema/index";
import type { BotContext, BotServices } from "../context";

const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Telegram redelivers a webhook update it got no 200 for, and a restart can replay polled ones:
 * each update_id is handled once. A handler that fails forgets the id, so a redelivery retries it.
 */
export function dedupeUpdates(services: BotServices): MiddlewareFn<BotContext> {
  let lastPrune = 0;
  return async (ctx, next) => {
    const updateId = BigInt(ctx.update.update_id);
    const fresh = await services.db
      .insert(processedUpdates)
      .values({ updateId })
      .onConflictDoNothing()
      .returning({ updateId: processedUpdates.updateId });
    if (fresh.length === 0) return;
    try {
      await next();
    } catch (error) {
      await services.db.delete(processedUpdates).where(eq(processedUpdates.updateId, updateId));
      throw error;
    }
    const now = services.now().getTime();
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      await services.db
        .delete(processedUpdates)
        .where(lt(processedUpdates.processedAt, new Date(now - KEEP_MS)));
    }
  };
}
