import { IconButton } from "@telegram-apps/telegram-ui";
import { Receipt, X } from "lucide-react";
import { type FormEvent, useEffect, useRef } from "react";
import { postedSupportMessageSchema, SUPPORT_TEXT_MAX, type SupportMessage } from "#api/contracts/support";
import { uploadKinds } from "#api/contracts/uploads";
import { AttachmentPreview, ComposerRow } from "../components/composer-bar";
import { currentLanguage } from "../i18n/i18n";
import { useT } from "../i18n/use-t";
import { errorMessage } from "../lib/api";
import { sendForm } from "../lib/send-form";
import { toast } from "../lib/toast";
import { uploadProblem } from "../lib/upload-rules";
import { useBottomBar } from "../lib/use-bottom-bar";
import { useContractForm } from "../lib/use-contract-form";
import { useObjectUrl } from "../lib/use-object-url";
import { hapticImpact } from "../telegram/hooks";
import { supportMessageForm } from "./support-form";
import "./support.css";

/** When a message was written: the time today, else the date and time, in the app's language. */
function sentAt(iso: string): string {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(currentLanguage(), {
    ...(today ? {} : { day: "numeric", month: "short" }),
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}

/**
 * A conversation's messages, oldest first: the reader's own on the end side, the other side's on
 * the start side (the member reads "you" and the shop; staff read the member and the shop's
 * replies as their own). Scrolls to the newest when one arrives.
 */
export function SupportThread({
  messages,
  own,
  otherName,
}: {
  messages: SupportMessage[];
  /** Whose messages are the reader's own. */
  own: SupportMessage["from"];
  otherName: string;
}) {
  const { t } = useT();
  const end = useRef<HTMLLIElement>(null);
  const newest = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new newest message is what scrolls.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [newest]);
  return (
    <ol className="support-thread" aria-label={t("help.messages")}>
      {messages.map((message) => {
        const mine = message.from === own;
        return (
          <li
            key={message.id}
            className={`support-message ${mine ? "support-message-own" : "support-message-other"}`}
            data-testid="support-message"
          >
            <div className="support-bubble">
              <span className="support-author">{mine ? t("help.you") : otherName}</span>
              {message.order ? (
                <span className="support-order">
                  <Receipt size={14} aria-hidden="true" />
                  {t("help.aboutOrder", { number: message.order.number })}
                </span>
              ) : null}
              {message.imageUrl ? (
                <a href={message.imageUrl} target="_blank" rel="noreferrer" className="support-image-link">
                  <img
                    className="support-image"
                    src={message.imageUrl}
                    alt={t("help.image")}
                    loading="lazy"
                  />
                </a>
              ) : null}
              {message.text ? <p className="support-text">{message.text}</p> : null}
              <span className="support-meta">
                <time dateTime={message.createdAt}>{sentAt(message.createdAt)}</time>
                {message.via === "bot" ? ` · ${t("help.viaTelegram")}` : ""}
              </span>
            </div>
          </li>
        );
      })}
      <li ref={end} aria-hidden="true" className="support-end" />
    </ol>
  );
}

/**
 * The bar to write with, fixed to the bottom: text, one image, and for a member the order they ask
 * about. Enter sends, Shift+Enter adds a line. The text goes before the file: the API reads the
 * fields that come first.
 */
export function SupportComposer({
  url,
  placeholder,
  order,
  onRemoveOrder,
  onSent,
}: {
  url: string;
  placeholder: string;
  order?: { id: string; number: number } | undefined;
  onRemoveOrder?: () => void;
  onSent: (message: SupportMessage) => void;
}) {
  const { t } = useT();
  const form = useContractForm(
    supportMessageForm,
    { text: "", file: null as File | null },
    { input: (values) => ({ ...values, orderId: order?.id }) },
  );
  const { text, file } = form.values;
  const preview = useObjectUrl(file);
  const bar = useRef<HTMLFormElement>(null);
  useBottomBar(bar);

  const attach = (chosen: File) => {
    const problem = uploadProblem(uploadKinds.supportImage, chosen);
    if (problem) toast.error(problem);
    else form.set("file", chosen);
  };

  const post = form.submit(
    (data) => {
      const body = new FormData();
      body.append("text", data.text);
      if (data.orderId) body.append("orderId", data.orderId);
      if (data.file) body.append("file", data.file);
      return sendForm(postedSupportMessageSchema, url, body, {
        onProgress: () => {},
        onUploaded: () => {},
      }).done.then(
        ({ message }) => {
          hapticImpact();
          form.setValues({ text: "", file: null });
          onSent(message);
        },
        (error: unknown) => {
          toast.error(t("help.sendFailed"), { description: errorMessage(error) });
        },
      );
    },
    (failure) => toast.error(failure.first ?? ""),
  );
  // One message at a time: Enter in the text area sends too.
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!form.busy) void post();
  };

  return (
    <form
      ref={bar}
      className="bottom-bar composer support-composer"
      aria-label={t("help.newMessage")}
      onSubmit={send}
    >
      {order ? (
        <div className="support-composer-order" data-testid="support-order-chip">
          <Receipt size={16} aria-hidden="true" />
          <span>{t("help.aboutOrder", { number: order.number })}</span>
          {onRemoveOrder ? (
            <IconButton
              type="button"
              mode="plain"
              size="s"
              className="icon-button"
              aria-label={t("help.removeOrder")}
              onClick={onRemoveOrder}
            >
              <X size={16} aria-hidden="true" />
            </IconButton>
          ) : null}
        </div>
      ) : null}
      {file && preview ? (
        <AttachmentPreview
          file={file}
          preview={preview}
          alt={t("help.imagePreview")}
          removeLabel={t("help.removeImage")}
          onRemove={form.busy ? undefined : () => form.set("file", null)}
          testId="support-attachment"
        />
      ) : null}
      <ComposerRow
        text={text}
        onText={(value) => form.set("text", value)}
        onSend={send}
        onFile={attach}
        busy={form.busy}
        accept="image/*"
        maxLength={SUPPORT_TEXT_MAX}
        placeholder={placeholder}
        labels={{
          attach: t("help.attach"),
          file: t("help.image"),
          message: t("help.message"),
          send: t("help.send"),
        }}
        fileTestId="support-file"
      />
    </form>
  );
}
