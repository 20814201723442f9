import { Button, Skeleton, Spinner } from "@telegram-apps/telegram-ui";
import { MessagesSquare } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import type { FeedMessage } from "#api/contracts/feed";
import type { Role } from "#api/contracts/roles";
import { StateView } from "../components/state-view";
import { useT } from "../i18n/use-t";
import { signedInUser, useAuth } from "../state/auth";
import { hasRole } from "../state/role-cache";
import { useRoles } from "../state/roles";
import "./feed.css";
import { lazyWithTexts } from "../i18n/lazy-with-texts";
import { MessageCard } from "./message-card";
import { useFeed } from "./use-feed";
import { useLinkedMessage } from "./use-linked-message";

// Only admins post: everyone else's feed never loads the composer's code.
const Composer = lazyWithTexts(() => import("./composer"));
// A locked post's plan picker, closed: the feed again (decision 118).
const RefreshWhenPlanChosen = lazyWithTexts(() =>
  import("./post-for-tiers").then(({ RefreshWhenPlanChosen }) => ({ default: RefreshWhenPlanChosen })),
);
// The long-press sheet (and the bottom sheet's code) is fetched when a finger first touches the
// feed, half a second before a long press can open it: not on the feed's first load.
const loadActions = () => import("./message-actions");
const MessageActions = lazyWithTexts(() =>
  loadActions().then(({ MessageActions }) => ({ default: MessageActions })),
);

/** The channel feed, and for admins the composer below it, whatever state the feed is in. */
export default function Feed() {
  const feed = useFeed();
  const roles = useRoles(signedInUser(useAuth())?.id ?? null);
  const has = (role: Role) => roles.status === "loaded" && hasRole(roles.roles, role);
  return (
    <>
      {/* Pin and delete are offered to admins and moderators, posting to admins; the server decides either way. */}
      <Messages feed={feed} staff={has("admin") || has("moderator")} />
      {has("admin") ? (
        <Suspense fallback={null}>
          <Composer onPosted={feed.refresh} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The messages: pinned first, newest first, more as the reader scrolls. */
function Messages({ feed, staff }: { feed: ReturnType<typeof useFeed>; staff: boolean }) {
  const { t } = useT();
  const highlighted = useLinkedMessage(feed);
  const [acting, setActing] = useState<FeedMessage | null>(null);
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
      <section className="feed" aria-busy="true" aria-label={t("feed.loading")} data-testid="feed-loading">
        {[0, 1, 2].map((n) => (
          <div key={n} className="card message-card message-skeleton">
            <Skeleton visible className="message-skeleton-head" />
            <Skeleton visible className="message-skeleton-line" />
            <Skeleton visible className="message-skeleton-line message-skeleton-short" />
          </div>
        ))}
      </section>
    );
  }
  if (feed.status === "error") {
    return <StateView kind="error" message={t("feed.failed")} onRetry={feed.reload} />;
  }
  if (feed.messages.length === 0) {
    return <StateView kind="empty" title={t("feed.empty")} icon={<MessagesSquare size={36} />} />;
  }
  return (
    <section
      className="feed"
      aria-label={t("feed.messages")}
      data-testid="feed"
      onPointerDownCapture={loadActions}
    >
      {feed.messages.map((message) => (
        <MessageCard
          key={message.id}
          message={message}
          highlighted={message.id === highlighted}
          canTranslate={feed.canTranslate}
          onActions={() => setActing(message)}
          onChange={(changes) => feed.update(message.id, changes)}
        />
      ))}
      {feed.messages.some((message) => message.locked) ? (
        <Suspense fallback={null}>
          <RefreshWhenPlanChosen refresh={feed.refresh} />
        </Suspense>
      ) : null}
      {acting ? (
        <Suspense fallback={null}>
          <MessageActions
            message={acting}
            staff={staff}
            telegramLinkPrefix={feed.telegramLinkPrefix}
            canTranslate={feed.canTranslate}
            onClose={() => setActing(null)}
            onChanged={feed.refresh}
          />
        </Suspense>
      ) : null}
      <div ref={sentinel} className="feed-end">
        {feed.loadingMore ? <Spinner size="s" /> : null}
        {feed.moreFailed ? (
          <div className="feed-more-failed" role="alert">
            <span>{t("feed.olderFailed")}</span>
            <Button mode="bezeled" size="m" onClick={loadMore}>
              {t("feed.retry")}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
