import { productPath } from "#api/contracts/app-links";
import type { ErrorCode } from "#api/contracts/errors";
import type { useT } from "../i18n/use-t";
import { api, call, errorMessage, LoadError } from "../lib/api";
import { toast } from "../lib/toast";
import { telegram } from "../telegram/controls";
import { shareMessage } from "../telegram/share-calls";

/** What is shared: the prepared card's route, the public link, and a line to go with the link. */
export interface ShareTarget {
  /** Asks the API for the card, prepared for this member's shareMessage. */
  prepare: () => Promise<{ preparedMessageId: string }>;
  /** The page anyone can open (the product's, or the post's, which asks to sign in first). */
  link: string;
  title: string;
}

export const productShare = (product: { id: string; title: string }): ShareTarget => ({
  prepare: () => call(api.share.products[":id"].$post({ param: { id: product.id } })),
  link: `${window.location.origin}${productPath(product.id)}`,
  title: product.title,
});

export const postShare = (id: string, link: string, title: string): ShareTarget => ({
  prepare: () => call(api.share.posts[":id"].$post({ param: { id } })),
  link,
  title,
});

/** Answers that mean "no prepared card here" (no Telegram account, the bot off, gone): share the link. */
const NO_CARD = new Set<ErrorCode | null>(["unauthorized", "not_found", "conflict", "unavailable"]);

/**
 * Share (decision 110). Inside Telegram, for a member with Telegram: the card the bot prepared, in
 * Telegram's own chat picker (shareMessage). Without it (the bot off, no Telegram account, an old
 * Telegram): Telegram's share link. On the web: the Web Share sheet, else the link copied with a toast.
 */
export async function share(
  target: ShareTarget,
  withTelegramAccount: boolean,
  t: ReturnType<typeof useT>["t"],
): Promise<void> {
  const tg = telegram();
  if (tg && withTelegramAccount) {
    try {
      const { preparedMessageId } = await target.prepare();
      if ((await shareMessage(preparedMessageId)) !== "unsupported") return;
    } catch (error) {
      if (!(error instanceof LoadError && NO_CARD.has(error.code))) {
        toast.error(t("share.failed"), { description: errorMessage(error) });
        return;
      }
    }
  }
  if (tg) {
    tg.openLink(
      `https://t.me/share/url?url=${encodeURIComponent(target.link)}&text=${encodeURIComponent(target.title)}`,
    );
    return;
  }
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: target.title, url: target.link });
      return;
    } catch (error) {
      // Closed by the person: nothing to do. Refused by the browser: copy the link instead.
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(target.link);
    toast.success(t("share.linkCopied"), { description: t("share.linkCopiedText") });
  } catch {
    toast.error(t("feed.shareUnavailable"), { description: t("feed.shareUnsupported") });
  }
}
