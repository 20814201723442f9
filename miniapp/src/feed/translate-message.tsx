import { Button } from "@telegram-apps/telegram-ui";
import { Languages } from "lucide-react";
import type { FeedMessage } from "#api/contracts/feed";
import { useT } from "../i18n/use-t";
import { MessageText } from "./message-text";
import "./translate-message.css";
import { offersTranslate, showOriginal, translate, useTranslationView } from "./translation";

interface TranslatableProps {
  message: FeedMessage;
  /** The server has a model to translate with (the feed page's canTranslate). */
  canTranslate: boolean;
}

/**
 * A message's text, or its translation with "Show original" under it. A relayed channel post in
 * another language also offers "Translate" under its text; every such message offers it among its
 * actions (TranslateAction).
 */
export function TranslatableText({ message, canTranslate }: TranslatableProps) {
  const { t, language } = useT();
  const view = useTranslationView(message);
  if (!message.content) return null;
  if (view?.state === "shown") {
    return (
      <>
        <div lang={view.language} dir="auto" data-testid="message-translation">
          <MessageText text={view.text} entities={null} />
        </div>
        <div className="message-translate">
          <span className="message-translate-note">{t("feed.translated")}</span>
          <button type="button" className="message-translate-link" onClick={() => showOriginal(message)}>
            {t("feed.translateShowOriginal")}
          </button>
        </div>
      </>
    );
  }
  const offered = offersTranslate(message, canTranslate, language) && message.telegramUrl !== null;
  return (
    <>
      <MessageText text={message.content} entities={message.entities} />
      {view?.state === "loading" ? (
        <div className="message-translate" role="status">
          <span className="message-translate-note">{t("feed.translateLoading")}</span>
        </div>
      ) : offered ? (
        <div className="message-translate">
          {/* Raw: a link-like line under the text, as Telegram shows it; the kit's buttons are boxes. */}
          <button type="button" className="message-translate-link" onClick={() => void translate(message)}>
            {t("feed.translate")}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** "Translate" (or "Show original") in the long-press sheet, for a message in another language. */
export function TranslateAction({
  message,
  canTranslate,
  onDone,
}: TranslatableProps & { onDone: () => void }) {
  const { t, language } = useT();
  const view = useTranslationView(message);
  if (!offersTranslate(message, canTranslate, language)) return null;
  const shown = view?.state === "shown";
  return (
    <Button
      mode="plain"
      size="l"
      stretched
      before={<Languages size={18} />}
      disabled={view?.state === "loading"}
      onClick={() => {
        if (shown) showOriginal(message);
        else void translate(message);
        onDone();
      }}
    >
      {shown ? t("feed.translateShowOriginal") : t("feed.translate")}
    </Button>
  );
}
