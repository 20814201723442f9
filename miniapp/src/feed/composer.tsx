import { Button, Progress } from "@telegram-apps/telegram-ui";
import { type FormEvent, useRef, useState } from "react";
import { MESSAGE_MAX_LENGTH, postMessageResultSchema } from "#api/contracts/feed";
import { AttachmentPreview, ComposerRow } from "../components/composer-bar";
import { useT } from "../i18n/use-t";
import { errorMessage, LoadError } from "../lib/api";
import { sendForm } from "../lib/send-form";
import { toast } from "../lib/toast";
import { useBottomBar } from "../lib/use-bottom-bar";
import { useContractForm } from "../lib/use-contract-form";
import { useObjectUrl } from "../lib/use-object-url";
import { hapticImpact } from "../telegram/hooks";
import { ComposerAudience } from "./composer-audience";
import { attachmentProblem, postMessageForm } from "./composer-rules";

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
  const form = useContractForm(postMessageForm, { content: "", tierIds: "", file: null as File | null });
  const { content: text, tierIds, file } = form.values;
  const [sending, setSending] = useState<Sending | null>(null);
  const preview = useObjectUrl(file);
  const bar = useRef<HTMLFormElement>(null);
  useBottomBar(bar);

  const attach = (chosen: File) => {
    const problem = attachmentProblem(chosen);
    if (problem) toast.error(tm(problem));
    else form.set("file", chosen);
  };

  const post = form.submit(
    (data) => {
      const body = new FormData();
      // The text goes first: the API reads the fields that come before the file.
      body.append("content", data.content);
      body.append("tierIds", data.tierIds);
      if (data.file) body.append("file", data.file);
      let uploaded = false;
      const request = sendForm(postMessageResultSchema, "/api/messages", body, {
        onProgress: (progress) => setSending((now) => now && { ...now, progress }),
        onUploaded: () => {
          uploaded = true;
          setSending((now) => now && { ...now, progress: 1, uploaded: true });
        },
      });
      setSending({ progress: 0, uploaded: false, abort: request.abort });
      return request.done
        .then(
          (result) => {
            hapticImpact();
            toast.success(t("composer.posted"), { description: t("composer.postedText") });
            if (result.channel === "for_tiers") {
              toast(t("composer.keptForTiers"), { description: t("composer.keptForTiersText") });
            }
            if (result.channel === "failed" || result.channel === "too_large") {
              toast.error(t("composer.notPublished"), {
                description:
                  result.channel === "failed"
                    ? t("composer.notPublishedText")
                    : t("composer.tooLargeForTelegram"),
              });
            }
            form.setValues({ content: "", tierIds: "", file: null });
            onPosted();
          },
          (error: unknown) => {
            // Cancelled: nothing was posted, and the draft stays to be sent again.
            if (error instanceof DOMException && error.name === "AbortError") return;
            // The file's own refusals (type, size), or a connection lost while it was being sent.
            const fileFailed =
              data.file !== null &&
              (!uploaded ||
                (error instanceof LoadError &&
                  (error.code === "too_large" || error.code === "unsupported_media_type")));
            toast.error(fileFailed ? t("composer.uploadFailed") : t("composer.postFailed"), {
              description: errorMessage(error),
            });
          },
        )
        .finally(() => setSending(null));
    },
    (failure) => toast.error(failure.first ?? ""),
  );
  // One post at a time: Enter in the text area sends too.
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!form.busy) void post();
  };

  const percent = Math.round((sending?.progress ?? 0) * 100);
  return (
    <form ref={bar} className="bottom-bar composer" aria-label={t("composer.newMessage")} onSubmit={send}>
      {file && preview ? (
        <AttachmentPreview
          file={file}
          preview={preview}
          alt={t("composer.attachmentPreview")}
          removeLabel={t("composer.removeAttachment")}
          onRemove={form.busy ? undefined : () => form.set("file", null)}
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
      <ComposerAudience
        value={tierIds ? tierIds.split(",") : []}
        onChange={(ids) => form.set("tierIds", ids.join(","))}
        disabled={form.busy}
      />
      <ComposerRow
        text={text}
        onText={(value) => form.set("content", value)}
        onSend={send}
        onFile={attach}
        busy={form.busy}
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
