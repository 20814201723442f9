import { Button } from "@telegram-apps/telegram-ui";
import { Flame, Heart, Pin, TrendingUp } from "lucide-react";
import { lazy, Suspense } from "react";
import type { FeedMessage } from "#api/contracts/feed";
import { lazyWithTexts } from "../i18n/lazy-with-texts";
import { useT } from "../i18n/use-t";
import { api, call } from "../lib/api";
import { toast } from "../lib/toast";
import { youtubeEmbedUrl, youtubeId } from "./embeds";
import { formatFeedTime } from "./feed-time";
import { MessageAvatar } from "./message-avatar";
import { MessageMedia } from "./message-media";
import { MessageText } from "./message-text";
import { useLongPress } from "./use-long-press";

// Translating loads only where a model is configured; its words are in the feed's chunk
// (miniapp/first-screen-texts.ts FEED_MODULES).
const TranslatableText = lazy(() =>
  import("./translate-message").then(({ TranslatableText }) => ({ default: TranslatableText })),
);

// Posts for some tiers (decision 118): their parts load with the first such post, not with every feed.
const LockedPost = lazyWithTexts(() =>
  import("./post-for-tiers").then(({ LockedPost }) => ({ default: LockedPost })),
);
const PostTiers = lazyWithTexts(() =>
  import("./post-for-tiers").then(({ PostTiers }) => ({ default: PostTiers })),
);

const initials = (name: string | null): string =>
  (name ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join("") || "?";

interface MessageCardProps {
  message: FeedMessage;
  /** Opened through a link to it: scrolled to and marked for a moment. */
  highlighted?: boolean;
  canTranslate: boolean;
  onActions: () => void;
  onChange: (changes: Partial<FeedMessage>) => void;
}

/** One message: author and time, the text with its links and formatting, its media, its reactions. */
export function MessageCard({
  message,
  highlighted = false,
  canTranslate,
  onActions,
  onChange,
}: MessageCardProps) {
  const { t } = useT();
  const name =
    message.author.name ?? (message.author.kind === "channel" ? t("feed.channel") : t("feed.member"));
  const press = useLongPress(onActions);
  const video = message.content ? youtubeId(message.content) : null;
  const toggle = async (reaction: "heart" | "flame") => {
    const on = !message.myReactions.includes(reaction);
    const route = api.messages[":id"].reactions[":reaction"];
    const param = { param: { id: message.id, reaction } };
    try {
      onChange(await call(on ? route.$put(param) : route.$delete(param)));
    } catch {
      toast.error(t("feed.updateFailed"));
    }
  };
  return (
    <article
      className={highlighted ? "card message-card message-highlighted" : "card message-card"}
      data-testid="message"
      data-message-id={message.id}
      aria-label={t("feed.messageFrom", { name })}
      {...press}
    >
      <header className="message-head">
        <MessageAvatar src={message.author.avatarUrl} initials={initials(message.author.name)} />
        <div className="message-meta">
          <span className="message-author">{name}</span>
          <time className="message-time" dateTime={message.createdAt}>
            {formatFeedTime(message.createdAt)}
          </time>
        </div>
        {message.tiers.length > 0 && !message.locked ? (
          <Suspense fallback={null}>
            <PostTiers tiers={message.tiers} />
          </Suspense>
        ) : null}
        {message.isPinned ? (
          <span className="message-pinned">
            <Pin size={16} aria-hidden="true" />
            <span className="visually-hidden">{t("feed.pinnedLabel")}</span>
          </span>
        ) : null}
      </header>
      {message.locked ? (
        <Suspense fallback={null}>
          <LockedPost tier={message.tiers[0]} />
        </Suspense>
      ) : null}
      {canTranslate ? (
        <Suspense fallback={<PlainText message={message} />}>
          <TranslatableText message={message} canTranslate />
        </Suspense>
      ) : (
        <PlainText message={message} />
      )}
      <MessageMedia message={message} />
      {video ? (
        <iframe
          className="message-embed"
          src={youtubeEmbedUrl(video)}
          title={t("feed.youtubeVideo")}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : null}
      {message.locked ? null : (
        <footer className="message-reactions">
          <Button
            mode="outline"
            size="s"
            className="reaction"
            before={<Heart size={18} aria-hidden="true" />}
            aria-pressed={message.myReactions.includes("heart")}
            aria-label={t("feed.hearts", { count: message.hearts })}
            onClick={() => void toggle("heart")}
          >
            {message.hearts}
          </Button>
          <Button
            mode="outline"
            size="s"
            className="reaction"
            before={<Flame size={18} aria-hidden="true" />}
            aria-pressed={message.myReactions.includes("flame")}
            aria-label={t("feed.flames", { count: message.flames })}
            onClick={() => void toggle("flame")}
          >
            {message.flames}
          </Button>
          {message.trending ? (
            <span className="message-trending">
              <TrendingUp size={16} aria-hidden="true" /> {t("feed.trending")}
            </span>
          ) : null}
        </footer>
      )}
    </article>
  );
}

function PlainText({ message }: { message: FeedMessage }) {
  return message.content ? <MessageText text={message.content} entities={message.entities} /> : null;
}
