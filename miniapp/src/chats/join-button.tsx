import { Button } from "@telegram-apps/telegram-ui";
import { useState } from "react";
import type { MemberChat } from "#api/contracts/gate";
import { useT } from "../i18n/use-t";
import { errorMessage, LoadError } from "../lib/api";
import { toast } from "../lib/toast";
import { openOutside } from "../telegram/controls";
import { requestInvite } from "./chats-api";

/**
 * Join: the member's personal invite link, opened by Telegram inside Telegram (openTelegramLink) and
 * in a new tab on the web. A plan that no longer opens the chat (its refusal) reads the list again.
 */
export function JoinButton({ chat, onRefused }: { chat: MemberChat; onRefused: () => void }) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const join = async () => {
    setBusy(true);
    try {
      const { link } = await requestInvite(chat.chatId);
      openOutside(link);
    } catch (failed) {
      toast.error(t("chats.joinFailed", { title: chat.title }), { description: errorMessage(failed) });
      if (failed instanceof LoadError && failed.reason === "chat_not_granted") onRefused();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="s"
      loading={busy}
      onClick={() => void join()}
      aria-label={t("chats.joinNamed", { title: chat.title })}
      data-testid="chat-join"
    >
      {t("chats.join")}
    </Button>
  );
}
