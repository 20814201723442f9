import { Button } from "@telegram-apps/telegram-ui";
import { Copy, Link2, Pin, PinOff, Share2, Trash2 } from "lucide-react";
import { useState } from "react";
import type { FeedMessage } from "#api/contracts/feed";
import { BottomSheet } from "../components/bottom-sheet";
import { useT } from "../i18n/use-t";
import { api, call } from "../lib/api";
import { toast } from "../lib/toast";
import { postShare, share as sharePost } from "../share/share";
import { signedInUser, useAuth } from "../state/auth";
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
  const { t } = useT();
  const withTelegram = Boolean(signedInUser(useAuth())?.telegramId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const link = messageLink(message.id, telegramLinkPrefix);

  const copyText = async () => {
    if (await copy(message.content ?? ""))
      toast.success(t("feed.copied"), { description: t("feed.messageCopied") });
    else toast.error(t("feed.copyMessageFailed"));
    onClose();
  };
  const copyLink = async () => {
    if (await copy(link)) toast.success(t("feed.copied"), { description: t("feed.linkCopied") });
    else toast.error(t("feed.copyLinkFailed"));
    onClose();
  };
  const share = async () => {
    // The post's card prepared by the bot inside Telegram (none of its words: decision 110), else
    // the link, which asks to sign in first.
    onClose();
    await sharePost(postShare(message.id, link, t("share.postTitle")), withTelegram, t);
  };
  const pin = async () => {
    setBusy(true);
    try {
      await call(
        api.messages[":id"].$patch({ param: { id: message.id }, json: { isPinned: !message.isPinned } }),
      );
      toast.success(message.isPinned ? t("feed.unpinned") : t("feed.pinned"), {
        description: message.isPinned ? t("feed.unpinnedText") : t("feed.pinnedText"),
      });
      onChanged();
      onClose();
    } catch {
      toast.error(t("feed.updateFailed"));
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await call(api.messages[":id"].$delete({ param: { id: message.id } }));
      toast.success(t("feed.deleted"), { description: t("feed.deletedText") });
      onChanged();
      onClose();
    } catch {
      toast.error(t("feed.deleteFailed"));
      setBusy(false);
    }
  };

  return (
    <BottomSheet open onClose={onClose} title={t("feed.message")}>
      {confirmDelete ? (
        <div className="message-actions">
          <p>{t("feed.deleteQuestion")}</p>
          <Button mode="bezeled" size="l" stretched onClick={() => setConfirmDelete(false)} disabled={busy}>
            {t("feed.cancel")}
          </Button>
          <Button
            mode="bezeled"
            size="l"
            stretched
            className="button-destructive"
            onClick={remove}
            disabled={busy}
          >
            {t("feed.delete")}
          </Button>
        </div>
      ) : (
        <div className="message-actions">
          {/* A locked post (decision 118) has no text to copy and is not the reader's to share. */}
          {message.locked ? null : (
            <Button mode="plain" size="l" stretched before={<Copy size={18} />} onClick={copyText}>
              {t("feed.copyText")}
            </Button>
          )}
          <Button mode="plain" size="l" stretched before={<Link2 size={18} />} onClick={copyLink}>
            {t("feed.copyLink")}
          </Button>
          {message.locked ? null : (
            <Button mode="plain" size="l" stretched before={<Share2 size={18} />} onClick={share}>
              {t("feed.share")}
            </Button>
          )}
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
                {message.isPinned ? t("feed.unpin") : t("feed.pin")}
              </Button>
              <Button
                mode="plain"
                size="l"
                stretched
                className="button-destructive"
                before={<Trash2 size={18} />}
                onClick={() => setConfirmDelete(true)}
              >
                {t("feed.delete")}
              </Button>
            </>
          ) : null}
        </div>
      )}
    </BottomSheet>
  );
}
