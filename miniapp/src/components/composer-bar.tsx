import { IconButton, Textarea } from "@telegram-apps/telegram-ui";
import { Paperclip, SendHorizontal, X } from "lucide-react";
import { type ChangeEvent, type KeyboardEvent, useLayoutEffect, useRef } from "react";
import "./composer-bar.css";

/** The text area: 32 px high, growing with its text up to 128 px, then scrolling. */
const MIN_HEIGHT = 32;
const MAX_HEIGHT = 128;

/** The chosen file above the bar, with a button to take it away (hidden while it is being sent). */
export function AttachmentPreview({
  file,
  preview,
  alt,
  removeLabel,
  onRemove,
  testId,
}: {
  file: File;
  preview: string;
  alt: string;
  removeLabel: string;
  /** Undefined while sending: the file can no longer be taken away. */
  onRemove: (() => void) | undefined;
  testId: string;
}) {
  return (
    <div className="composer-attachment" data-testid={testId}>
      {file.type.startsWith("video/") ? (
        <video className="composer-thumb" src={preview} muted playsInline preload="metadata" />
      ) : (
        <img className="composer-thumb" src={preview} alt={alt} />
      )}
      <span className="composer-file-name">{file.name}</span>
      {onRemove ? (
        <IconButton
          type="button"
          mode="plain"
          size="l"
          className="icon-button"
          aria-label={removeLabel}
          onClick={onRemove}
        >
          <X size={20} aria-hidden="true" />
        </IconButton>
      ) : null}
    </div>
  );
}

/**
 * The bar's row: attach, the growing text area, send. Enter sends, Shift+Enter adds a line; Enter
 * that ends an IME composition does neither. Choosing the same file again after removing it fires.
 */
export function ComposerRow({
  text,
  onText,
  onSend,
  onFile,
  busy,
  accept,
  maxLength,
  placeholder,
  labels,
  fileTestId,
}: {
  text: string;
  onText: (text: string) => void;
  onSend: () => void;
  onFile: (file: File) => void;
  busy: boolean;
  accept: string;
  maxLength: number;
  placeholder: string;
  labels: { attach: string; file: string; message: string; send: string };
  fileTestId: string;
}) {
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the text is what changes the height.
  useLayoutEffect(() => {
    const area = input.current;
    if (!area) return;
    area.style.height = `${MIN_HEIGHT}px`;
    area.style.height = `${Math.min(Math.max(area.scrollHeight, MIN_HEIGHT), MAX_HEIGHT)}px`;
  }, [text]);

  const attach = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (chosen) onFile(chosen);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSend();
  };

  return (
    <div className="composer-row">
      <IconButton
        type="button"
        mode="plain"
        size="l"
        className="icon-button"
        aria-label={labels.attach}
        disabled={busy}
        onClick={() => picker.current?.click()}
      >
        <Paperclip size={22} aria-hidden="true" />
      </IconButton>
      <input
        ref={picker}
        type="file"
        accept={accept}
        hidden
        onChange={attach}
        data-testid={fileTestId}
        aria-label={labels.file}
      />
      <div className="composer-field">
        <Textarea
          ref={input}
          rows={1}
          value={text}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-label={labels.message}
          enterKeyHint="send"
          readOnly={busy}
          onChange={(event) => onText(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <IconButton
        type="submit"
        mode="plain"
        size="l"
        className="icon-button composer-send"
        aria-label={labels.send}
        disabled={busy}
      >
        <SendHorizontal size={22} aria-hidden="true" className="dir-flip" />
      </IconButton>
    </div>
  );
}
