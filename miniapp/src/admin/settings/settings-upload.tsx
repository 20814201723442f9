import { Button, Progress } from "@telegram-apps/telegram-ui";
import { Upload, X } from "lucide-react";
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { type UploadedAsset, uploadedAssetSchema } from "#api/contracts/admin-settings";
import type { UploadKind } from "#api/contracts/uploads";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { type FormSending, sendForm } from "../../lib/send-form";
import { toast } from "../../lib/toast";
import { uploadProblem } from "../../lib/upload-rules";

/** An upload's success toast shows for 3 s. */
const TOAST_MS = 3000;

export interface UploadTexts {
  title: string;
  choose: string;
  accept: string;
  uploaded: string;
  failed: string;
}

/**
 * One channel asset: its preview, a button that picks a file (checked here, then again by the
 * server), the upload's progress bar, and Remove. The answer's URL goes to the form; Save keeps it.
 */
export function SettingsUpload({
  kind,
  endpoint,
  texts,
  url,
  onChange,
  disabled,
  preview,
}: {
  kind: UploadKind;
  endpoint: string;
  texts: UploadTexts;
  url: string | null;
  onChange: (url: string | null) => void;
  disabled: boolean;
  preview: ReactNode;
}) {
  const { t, tm, language } = useT();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const sending = useRef<FormSending<UploadedAsset> | null>(null);
  // Leaving the page stops an upload under way.
  useEffect(() => () => sending.current?.abort(), []);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire a change.
    event.target.value = "";
    if (!file) return;
    const problem = uploadProblem(kind, file);
    if (problem) {
      toast.error(tm(problem));
      return;
    }
    const form = new FormData();
    form.append("file", file);
    const request = sendForm(uploadedAssetSchema, endpoint, form, {
      onProgress: setProgress,
      onUploaded: () => setProgress(1),
    });
    sending.current = request;
    setProgress(0);
    request.done
      .then(
        (answer) => {
          onChange(answer.url);
          toast.success(texts.uploaded, { duration: TOAST_MS });
        },
        (error: unknown) => {
          if (error instanceof DOMException && error.name === "AbortError") return;
          toast.error(texts.failed, { description: errorMessage(error) });
        },
      )
      .finally(() => {
        sending.current = null;
        setProgress(null);
      });
  };

  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div className="card settings-upload">
      <h2 className="settings-upload-title">{texts.title}</h2>
      {preview}
      {progress === null ? (
        <div className="settings-upload-buttons">
          <Button
            type="button"
            mode="bezeled"
            size="m"
            before={<Upload size={16} aria-hidden="true" />}
            onClick={() => input.current?.click()}
            disabled={disabled}
          >
            {texts.choose}
          </Button>
          {url ? (
            <Button
              type="button"
              mode="plain"
              size="m"
              before={<X size={16} aria-hidden="true" />}
              onClick={() => onChange(null)}
              disabled={disabled}
              aria-label={t("admin.settings.removeNamed", { name: texts.title.toLocaleLowerCase(language) })}
            >
              {t("admin.common.remove")}
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="settings-upload-progress">
          <Progress value={percent} aria-label={t("admin.settings.uploadProgress", { name: texts.title })} />
          <span className="settings-upload-percent" aria-live="polite">
            {progress >= 1 ? t("admin.settings.processing") : `${percent}%`}
          </span>
        </div>
      )}
      <input
        ref={input}
        type="file"
        accept={texts.accept}
        hidden
        onChange={choose}
        aria-label={texts.title}
      />
    </div>
  );
}
