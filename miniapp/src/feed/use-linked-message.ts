import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { t } from "../i18n/i18n";
import { toast } from "../lib/toast";
import type { useFeed } from "./use-feed";

/** How many more pages a link may load to find its message before saying it is gone. */
const MAX_PAGES = 10;
const HIGHLIGHT_MS = 2500;

/**
 * A link to a message (`/?message=<id>`, or Telegram's `startapp=msg_<id>`): pages are loaded until
 * the message is there, then it is scrolled to and highlighted for a moment. Each link is followed
 * once (the address keeps it, so a reload follows it again). Returns the id while highlighted.
 */
export function useLinkedMessage(feed: ReturnType<typeof useFeed>): string | null {
  const [params] = useSearchParams();
  const wanted = params.get("message");
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const pagesLoaded = useRef(0);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!wanted || handled.current === wanted || feed.status !== "ready" || feed.loadingMore) return;
    const found = feed.messages.some((message) => message.id === wanted);
    if (!found && feed.nextCursor && !feed.moreFailed && pagesLoaded.current < MAX_PAGES) {
      pagesLoaded.current += 1;
      feed.loadMore();
      return;
    }
    handled.current = wanted;
    if (!found) {
      toast.error(t("feed.messageNotFound"));
      return;
    }
    setHighlighted(wanted);
    requestAnimationFrame(() =>
      document
        .querySelector(`[data-message-id="${CSS.escape(wanted)}"]`)
        ?.scrollIntoView({ block: "center" }),
    );
  }, [wanted, feed]);

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  return highlighted;
}
