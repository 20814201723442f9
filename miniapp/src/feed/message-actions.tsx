import { Button } from "@telegram-apps/telegram-ui";
import { Copy, Link2, Pin, PinOff, Share2, Trash2 } from "lucide-react";
import { useState } from "react";
import type { FeedMessage } from "#api/contracts/feed";
import { BottomSheet } from "../components/bottom-sheet";
import { api, call } from "../lib/api";
import { toast } from "../lib/toast";
import { telegram } from "../telegram/controls";
import { TranslateAction } from "./translate-message";

/**
 * Where a message can be found again: inside Telegram the Mini App's startapp=msg_<id> link (when the
 * bot runs), elsewhere the app's address with the message named.
 */
export const messageLink = (id: string, telegramLinkPrefix: string | null): string =>
  telegram() && telegramLinkPrefix
    ? `${telegramLinkPrefix}${id}`
    : `${window.location.origin}/?message=${id}`;

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

interface MessageActionsProps {
  message: FeedMessage;
  staff: boolean;
  telegramLinkPrefix: string | null;
  canTranslate: boolean;
  onClose: () => void;
  /** The message was pinned, unpinned or deleted (the change stream tells everyone else). */
  onChanged: () => void;
}

/** The long-press sheet: copy and share for everyone; pin and delete for admins and moderators. */
export function MessageActions({
  message,
  staff,
  telegramLinkPrefix,
  canTranslate,
  onClose,
  onChanged,
}: MessageActionsProps) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const link = messageLink(message.id, telegramLinkPrefix);

  const copyText = async () => {
    if (await copy(message.content ?? ""))
      toast.success("Copied", { description: "Message copied to clipboard" });
    else toast.error("Failed to copy message");
    onClose();
  };
  const copyLink = async () => {
    if (await copy(link)) toast.success("Copied", { description: "Link copied to clipboard" });
    else toast.error("Failed to copy link");
    onClose();
  };
  const share = async () => {
    const tg = telegram();
    if (tg) {
      // A t.me link: Telegram's own share sheet (openTelegramLink), the link going with the text.
      tg.openLink(
        `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(message.content ?? "")}`,
      );
    } else if (typeof navigator.share === "function") {
      await navigator.share({ url: link, text: message.content ?? undefined }).catch(() => {});
    } else {
      toast.error("Share unavailable", { description: "Sharing is not supported on this device" });
    }
    onClose();
  };
  const pin = async () => {
    setBusy(true);
    try {
      await call(
        api.messages[":id"].$patch({ param: { id: message.id }, json: { isPinned: !message.isPinned } }),
      );
      toast.success(message.isPinned ? "Unpinned" : "Pinned", {
        description: message.isPinned ? "Message unpinned successfully" : "Message pinned successfully",
      });
      onChanged();
      onClose();
    } catch {
      toast.error("Failed to update message");
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await call(api.messages[":id"].$delete({ param: { id: message.id } }));
      toast.success("Deleted", { description: "Message deleted successfully" });
      onChanged();
      onClose();
    } catch {
      toast.error("Failed to delete message");
      setBusy(false);
    }
  };

  return (
    <BottomSheet open onClose={onClose} title="Message">
      {confirmDelete ? (
        <div className="message-actions">
          <p>Delete this message? Members will no longer see it.</p>
          <Button mode="bezeled" size="l" stretched onClick={() => setConfirmDelete(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            mode="bezeled"
            size="l"
            stretched
            className="button-destructive"
            onClick={remove}
            disabled={busy}
          >
            Delete
          </Button>
        </div>
      ) : (
        <div className="message-actions">
          <Button mode="plain" size="l" stretched before={<Copy size={18} />} onClick={copyText}>
            Copy text
          </Button>
          <Button mode="plain" size="l" stretched before={<Link2 size={18} />} onClick={copyLink}>
            Copy link
          </Button>
          <Button mode="plain" size="l" stretched before={<Share2 size={18} />} onClick={share}>
            Share
          </Button>
          <TranslateAction message={message} canTranslate={canTranslate} onDone={onClose} />
          {staff ? (
            <>
              <Button
                mode="plain"
                size="l"
                stretched
                before={message.isPinned ? <PinOff size={18} /> : <Pin size={18} />}
                onClick={pin}
                disabled={busy}
              >
                {message.isPinned ? "Unpin" : "Pin"}
              </Button>
              <Button
                mode="plain"
                size="l"
                stretched
                className="button-destructive"
                before={<Trash2 size={18} />}
                onClick={() => setConfirmDelete(true)}
              >
                Delete
              </Button>
            </>
          ) : null}
        </div>
      )}
    </BottomSheet>
  );
}
