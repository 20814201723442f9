import type { InlineQueryResultArticle } from "grammy/types";
import type { ShareCard } from "#api/domain/ports/telegram-notifier";

/**
 * A share card as Telegram's inline result, the one shape inline mode answers and
 * savePreparedInlineMessage stores (decision 110): an article whose message is the card's HTML, the
 * picture previewed large above it when there is one, and an "Open in shop" URL button (inline
 * messages take no web_app buttons; a t.me startapp link opens the Mini App).
 */
export function inlineResult(card: ShareCard): InlineQueryResultArticle {
  return {
    type: "article",
    id: card.id,
    title: card.title,
    description: card.description,
    ...(card.thumbnailUrl ? { thumbnail_url: card.thumbnailUrl } : {}),
    input_message_content: {
      message_text: card.html,
      parse_mode: "HTML",
      link_preview_options: card.pictureUrl
        ? { url: card.pictureUrl, prefer_large_media: true, show_above_text: true }
        : { is_disabled: true },
    },
    reply_markup: { inline_keyboard: [[{ text: card.button.text, url: card.button.url }]] },
  };
}
