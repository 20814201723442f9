import { Button, IconButton, Progress, Textarea } from "@telegram-apps/telegram-ui";
import { Paperclip, SendHorizontal, X } from "lucide-react";
import { type ChangeEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";
import { MESSAGE_MAX_LENGTH, postMessageResultSchema } from "#api/contracts/feed";
import { useT } from "../i18n/use-t";
import { errorMessage, LoadError } from "../lib/api";
import { sendForm } from "../lib/send-form";
import { toast } from "../lib/toast";
import { useBottomBar } from "../lib/use-bottom-bar";
import { hapticImpact } from "../telegram/hooks";
import "./composer.css";
import { useObjectUrl } from "../lib/use-object-url";
import { attachmentProblem, messageProblem } from "./composer-rules";

/** The text area: 32 px high, growing with its text up to 128 px, then scrolling. */
const MIN_HEIGHT = 32;
const MAX_HEIGHT = 128;

interface Sending {
  /** The share of the form sent so far, 0 to 1. */
  progress: number;
  /** All of it is out: the server is posting, and cancelling would no longer stop it. */
  uploaded: boolean;
  abort: () => void;
}

/** The admins' composer, fixed to the bottom of the feed: text, one image or video, progress, cancel. */
export default function Composer({ onPosted }: { onPosted: () => void }) {
  const { t, tm, language } = useT();
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState<Sending | null>(null);
  const preview = useObjectUrl(file);
  const bar = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  useBottomBar(bar);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the text is what changes the height.
  useLayoutEffect(() => {
    const area = input.current;
    if (!area) return;
    area.style.height = `${MIN_HEIGHT}px`;
    area.style.height = `${Math.min(Math.max(area.scrollHeight, MIN_HEIGHT), MAX_HEIGHT)}px`;
  }, [text]);

  const attach = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Choosing the same file again after removing it must fire a change.
    event.target.value = "";
    if (!chosen) return;
    const problem = attachmentProblem(chosen);
    if (problem) toast.error(tm(problem));
    else setFile(chosen);
  };

  const send = () => {
    if (sending) return;
    const problem = messageProblem(text, file !== null);
    if (problem) {
      toast.error(tm(problem));
      return;
    }
    const form = new FormData();
    // The text goes first: the API reads the fields that come before the file.
    form.append("content", text);
    if (file) form.append("file", file);
    let uploaded = false;
    const request = sendForm(postMessageResultSchema, "/api/messages", form, {
      onProgress: (progress) => setSending((now) => now && { ...now, progress }),
      onUploaded: () => {
        uploaded = true;
        setSending((now) => now && { ...now, progress: 1, uploaded: true });
      },
    });
    setSending({ progress: 0, uploaded: false, abort: request.abort });
    request.done
      .then(
        (result) => {
          hapticImpact();
          toast.success(t("composer.posted"), { description: t("composer.postedText") });
          if (result.channel === "failed" || result.channel === "too_large") {
            toast.error(t("composer.notPublished"), {
              description:
                result.channel === "failed"
                  ? t("composer.notPublishedText")
                  : t("composer.tooLargeForTelegram"),
            });
          }
          setText("");
          setFile(null);
          onPosted();
        },
        (error: unknown) => {
          // Cancelled: nothing was posted, and the draft stays to be sent again.
          if (error instanceof DOMException && error.name === "AbortError") return;
          // The file's own refusals (type, size), or a connection lost while it was being sent.
          const fileFailed =
            file !== null && (!uploaded || (error instanceof LoadError && [413, 415].includes(error.status)));
          toast.error(fileFailed ? t("composer.uploadFailed") : t("composer.postFailed"), {
            description: errorMessage(error),
          });
        },
      )
      .finally(() => setSending(null));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter adds a line; Enter that ends an IME composition does neither.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const percent = Math.round((sending?.progress ?? 0) * 100);
  return (
    <form
      ref={bar}
      className="bottom-bar composer"
      aria-label={t("composer.newMessage")}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {file && preview ? (
        <div className="composer-attachment" data-testid="composer-attachment">
          {file.type.startsWith("video/") ? (
            <video className="composer-thumb" src={preview} muted playsInline preload="metadata" />
          ) : (
            <img className="composer-thumb" src={preview} alt={t("composer.attachmentPreview")} />
          )}
          <span className="composer-file-name">{file.name}</span>
          {sending ? null : (
            <IconButton
              type="button"
              mode="plain"
              size="l"
              className="icon-button"
              aria-label={t("composer.removeAttachment")}
              onClick={() => setFile(null)}
            >
              <X size={20} aria-hidden="true" />
            </IconButton>
          )}
        </div>
      ) : null}
      {sending && file ? (
        <div className="composer-progress">
          <Progress
            value={percent}
            aria-label={t("composer.uploadProgress")}
            className="composer-progress-bar"
          />
          <span className="composer-progress-text" aria-live="polite">
            {sending.uploaded
              ? t("composer.posting")
              : new Intl.NumberFormat(language, { style: "percent" }).format(percent / 100)}
          </span>
          {sending.uploaded ? null : (
            <Button type="button" mode="plain" size="s" className="composer-cancel" onClick={sending.abort}>
              {t("composer.cancel")}
            </Button>
          )}
        </div>
      ) : null}
      <div className="composer-row">
        <IconButton
          type="button"
          mode="plain"
          size="l"
          className="icon-button"
          aria-label={t("composer.attach")}
          disabled={sending !== null}
          onClick={() => picker.current?.click()}
        >
          <Paperclip size={22} aria-hidden="true" />
        </IconButton>
        <input
          ref={picker}
          type="file"
          accept="image/*,video/*"
          hidden
          onChange={attach}
          data-testid="composer-file"
          aria-label={t("composer.file")}
        />
        <div className="composer-field">
          <Textarea
            ref={input}
            rows={1}
            value={text}
            maxLength={MESSAGE_MAX_LENGTH}
            placeholder={t("composer.placeholder")}
            aria-label={t("composer.message")}
            enterKeyHint="send"
            readOnly={sending !== null}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <IconButton
          type="submit"
          mode="plain"
          size="l"
          className="icon-button composer-send"
          aria-label={t("composer.send")}
          disabled={sending !== null}
        >
          <SendHorizontal size={22} aria-hidden="true" className="dir-flip" />
        </IconButton>
      </div>
    </form>
  );
}
