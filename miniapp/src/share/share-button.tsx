import { Button } from "@telegram-apps/telegram-ui";
import { Share2 } from "lucide-react";
import { useState } from "react";
import { useT } from "../i18n/use-t";
import { signedInUser, useAuth } from "../state/auth";
import { type ShareTarget, share } from "./share";
import "./share.css";

/** Share on a product's page (decision 110): Telegram's chat picker with the bot's card, else the link. */
export function ShareButton({ target }: { target: () => ShareTarget }) {
  const { t } = useT();
  const withTelegram = Boolean(signedInUser(useAuth())?.telegramId);
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await share(target(), withTelegram, t);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      mode="plain"
      size="m"
      className="share-button"
      before={<Share2 size={18} aria-hidden="true" />}
      onClick={onClick}
      disabled={busy}
    >
      {t("share.share")}
    </Button>
  );
}
