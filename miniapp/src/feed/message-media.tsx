import { ExternalLink, FileText } from "lucide-react";
import type { FeedMessage, RelayedMedia } from "#api/contracts/feed";
import { useT } from "../i18n/use-t";
import { isVideoUrl } from "./embeds";

/** A picture, or a video served with HTTP Range by /media (so it seeks; only its first frame loads until played). */
function Attachment({ kind, url }: { kind: "image" | "video"; url: string }) {
  return kind === "video" ? (
    // biome-ignore lint/a11y/useMediaCaption: channel videos come without caption files.
    <video className="message-image" src={url} controls playsInline preload="metadata" />
  ) : (
    <img className="message-image" src={url} alt="" loading="lazy" decoding="async" />
  );
}

/** What could not be fetched from Telegram (too large for the Bot API, or a file the app does not show). */
function InTelegram({ item, href }: { item: RelayedMedia; href: string | null }) {
  const { t } = useT();
  if (!href) return null;
  const label =
    item.kind !== "document"
      ? t("feed.watchInTelegram")
      : item.name
        ? t("feed.openFileInTelegram", { name: item.name })
        : t("feed.openTheFileInTelegram");
  return (
    <a className="message-telegram-link" href={href} target="_blank" rel="noopener noreferrer">
      {item.kind === "document" ? (
        <FileText size={18} aria-hidden="true" />
      ) : (
        <ExternalLink size={18} aria-hidden="true" />
      )}
      {label}
    </a>
  );
}

/**
 * A message's attachments: the app's single image or video, or a relayed post's media (an album as a
 * grid); a relayed post with nothing the app can show links to it in Telegram.
 */
export function MessageMedia({ message }: { message: FeedMessage }) {
  const { t } = useT();
  if (message.media.length === 0) {
    if (message.imageUrl) {
      return <Attachment kind={isVideoUrl(message.imageUrl) ? "video" : "image"} url={message.imageUrl} />;
    }
    return !message.content && message.telegramUrl ? (
      <a
        className="message-telegram-link"
        href={message.telegramUrl}
        target="_blank"
        rel="noopener noreferrer"
      >
        <ExternalLink size={18} aria-hidden="true" />
        {t("feed.openInTelegram")}
      </a>
    ) : null;
  }
  const items = message.media.map((item, index) =>
    item.url && item.kind !== "document" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: an album's items never reorder.
      <Attachment key={index} kind={item.kind === "image" ? "image" : "video"} url={item.url} />
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: an album's items never reorder.
      <InTelegram key={index} item={item} href={message.telegramUrl} />
    ),
  );
  return message.media.length > 1 ? <div className="message-album">{items}</div> : items;
}
