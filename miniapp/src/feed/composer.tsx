import { Button, Progress } from "@telegram-apps/telegram-ui";
import { useRef, useState } from "react";
import { MESSAGE_MAX_LENGTH, postMessageResultSchema } from "#api/contracts/feed";
import { AttachmentPreview, ComposerRow } from "../components/composer-bar";
import { useT } from "../i18n/use-t";
import { errorMessage, LoadError } from "../lib/api";
import { sendForm } from "../lib/send-form";
import { toast } from "../lib/toast";
import { useBottomBar } from "../lib/use-bottom-bar";
import { useObjectUrl } from "../lib/use-object-url";
import { hapticImpact } from "../telegram/hooks";
import { attachmentProblem, messageProblem } from "./composer-rules";

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
  useBottomBar(bar);

  const attach = (chosen: File) => {
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
            file !== null &&
            (!uploaded ||
              (error instanceof LoadError &&
                (error.code === "too_large" || error.code === "unsupported_media_type")));
          toast.error(fileFailed ? t("composer.uploadFailed") : t("composer.postFailed"), {
            description: errorMessage(error),
          });
        },
      )
      .finally(() => setSending(null));
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
        <AttachmentPreview
          file={file}
          preview={preview}
          alt={t("composer.attachmentPreview")}
          removeLabel={t("composer.removeAttachment")}
          onRemove={sending ? undefined : () => setFile(null)}
          testId="composer-attachment"
        />
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
      <ComposerRow
        text={text}
        onText={setText}
        onSend={send}
        onFile={attach}
        busy={sending !== null}
        accept="image/*,video/*"
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={t("composer.placeholder")}
        labels={{
          attach: t("composer.attach"),
          file: t("composer.file"),
          message: t("composer.message"),
          send: t("composer.send"),
        }}
        fileTestId="composer-file"
      />
    </form>
  );
}
