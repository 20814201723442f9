import { Composer } from "grammy";
import { inlineProducts } from "#api/domain/channel";
import type { ServiceContext } from "#api/domain/context";
import type { BotContext } from "../context";
import { inlineResult } from "../share-card";

/**
 * How long Telegram may keep an answer for the same words (seconds). Not personal: every asker sees
 * the same public products, so Telegram may serve one asker's cached answer (its buttons in that
 * asker's language) to another for this long (decision 110).
 */
export const INLINE_CACHE_SECONDS = 60;

/**
 * Inline mode (switched on with @BotFather's /setinline): `@bot <words>` in any chat lists matching
 * active products, a page at a time (next_offset), each sending the product's card with "Open in
 * shop". Only the public catalogue: never a feed post or anything else for members only.
 */
export function inlineShare(services: ServiceContext) {
  const composer = new Composer<BotContext>();
  composer.on("inline_query", async (ctx) => {
    const { query, offset } = ctx.inlineQuery;
    const page = await inlineProducts(services, { text: query, offset, language: ctx.language });
    await ctx.answerInlineQuery(page.cards.map(inlineResult), {
      cache_time: INLINE_CACHE_SECONDS,
      is_personal: false,
      next_offset: page.nextOffset,
    });
  });
  return composer;
}
