import { Button, Spinner } from "@telegram-apps/telegram-ui";
import { MessagesSquare } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { FeedMessage } from "#api/contracts/feed";
import { StateView } from "../components/state-view";
import { signedInUser, useAuth } from "../state/auth";
import { hasRole } from "../state/role-cache";
import { useRoles } from "../state/roles";
import "./feed.css";
import { MessageActions } from "./message-actions";
import { MessageCard } from "./message-card";
import { useFeed } from "./use-feed";
import { useLinkedMessage } from "./use-linked-message";

/** The channel feed: pinned first, newest first, more as the reader scrolls. */
export default function Feed() {
  const feed = useFeed();
  const highlighted = useLinkedMessage(feed);
  const [acting, setActing] = useState<FeedMessage | null>(null);
  const roles = useRoles(signedInUser(useAuth())?.id ?? null);
  // Pin and delete are offered to admins and moderators; the server decides either way.
  const staff =
    roles.status === "loaded" && (hasRole(roles.roles, "admin") || hasRole(roles.roles, "moderator"));
  const sentinel = useRef<HTMLDivElement>(null);
  const { loadMore } = feed;
  const canLoadMore = feed.status === "ready" && feed.nextCursor !== null && !feed.moreFailed;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !canLoadMore || typeof IntersectionObserver === "undefined") return;
    // Start the next page a screen before the reader gets there.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: "800px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoadMore, loadMore]);

  if (feed.status === "loading") {
    return (
      <section className="feed" aria-busy="true" aria-label="Loading messages" data-testid="feed-loading">
        {[0, 1, 2].map((n) => (
          <div key={n} className="message-card message-skeleton">
            <div className="skeleton message-skeleton-head" />
            <div className="skeleton message-skeleton-line" />
            <div className="skeleton message-skeleton-line message-skeleton-short" />
          </div>
        ))}
      </section>
    );
  }
  if (feed.status === "error") {
    return <StateView kind="error" message="Failed to load messages" onRetry={feed.reload} />;
  }
  if (feed.messages.length === 0) {
    return <StateView kind="empty" title="No messages available yet" icon={<MessagesSquare size={36} />} />;
  }
  return (
    <section className="feed" aria-label="Messages" data-testid="feed">
      {feed.messages.map((message) => (
        <MessageCard
          key={message.id}
          message={message}
          highlighted={message.id === highlighted}
          onActions={() => setActing(message)}
          onChange={(changes) => feed.update(message.id, changes)}
        />
      ))}
      {acting ? (
        <MessageActions
          message={acting}
          staff={staff}
          telegramLinkPrefix={feed.telegramLinkPrefix}
          onClose={() => setActing(null)}
          onChanged={feed.refresh}
        />
      ) : null}
      <div ref={sentinel} className="feed-end">
        {feed.loadingMore ? <Spinner size="s" /> : null}
        {feed.moreFailed ? (
          <Button mode="bezeled" size="m" onClick={loadMore}>
            Retry
          </Button>
        ) : null}
      </div>
    </section>
  );
}
