import { Button } from "@telegram-apps/telegram-ui";
import { FileText, FileUp, ImagePlus, X } from "lucide-react";
import { type ChangeEvent, type ReactNode, useRef } from "react";
import {
  MAX_ADDITIONAL_IMAGES,
  MAX_ADDITIONAL_PER_UPLOAD,
  productFileMessages,
} from "#api/contracts/product-files";
import { translateMessage } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
import { toast } from "../../lib/toast";
import { useObjectUrl } from "../../lib/use-object-url";
import { fileProblem } from "./product-form-rules";

/** The picked files that pass the client's checks; each refusal is said in a toast. */
function accepted(event: ChangeEvent<HTMLInputElement>, kind: "productImage" | "certificate"): File[] {
  const files = [...(event.target.files ?? [])];
  // Choosing the same file again after removing it must fire a change.
  event.target.value = "";
  return files.filter((file) => {
    const problem = fileProblem(kind, file);
    if (problem) toast.error(translateMessage(problem), { description: file.name });
    return problem === null;
  });
}

function Thumb({
  src,
  alt,
  onRemove,
  disabled,
}: {
  src: string;
  alt: string;
  onRemove: () => void;
  disabled: boolean;
}) {
  const { t } = useT();
  return (
    <li className="image-thumb">
      <img src={src} alt={alt} width={88} height={88} />
      <button
        type="button"
        className="image-thumb-remove"
        aria-label={t("admin.productForm.removeNamed", { name: alt })}
        onClick={onRemove}
        disabled={disabled}
      >
        <X size={14} aria-hidden="true" />
      </button>
    </li>
  );
}

function NewThumb({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled: boolean }) {
  const url = useObjectUrl(file);
  return url ? <Thumb src={url} alt={file.name} onRemove={onRemove} disabled={disabled} /> : null;
}

function PickButton({
  icon = <ImagePlus size={16} aria-hidden="true" />,
  label,
  accept,
  multiple,
  onPick,
  disabled,
  testId,
}: {
  icon?: ReactNode;
  label: string;
  accept: string;
  multiple?: boolean;
  onPick: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled: boolean;
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        type="button"
        mode="bezeled"
        size="m"
        before={icon}
        onClick={() => input.current?.click()}
        disabled={disabled}
      >
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        onChange={onPick}
        aria-label={label}
        data-testid={testId}
      />
    </>
  );
}

/** The primary image: the chosen file's preview, else the product's image. */
export function PrimaryImagePicker({
  current,
  file,
  onChoose,
  onRemoveCurrent,
  disabled,
}: {
  current: string | null;
  file: File | null;
  onChoose: (file: File | null) => void;
  onRemoveCurrent: () => void;
  disabled: boolean;
}) {
  const { t } = useT();
  const preview = useObjectUrl(file);
  return (
    <fieldset className="field form-group">
      <legend className="field-label">{t("admin.productForm.primaryImage")}</legend>
      <ul className="image-thumbs" aria-label={t("admin.productForm.primaryImage")}>
        {preview && file ? (
          <Thumb src={preview} alt={file.name} onRemove={() => onChoose(null)} disabled={disabled} />
        ) : current ? (
          <Thumb
            src={current}
            alt={t("admin.productForm.primaryImage")}
            onRemove={onRemoveCurrent}
            disabled={disabled}
          />
        ) : null}
      </ul>
      <PickButton
        label={t(current || file ? "admin.productForm.changePrimary" : "admin.productForm.choosePrimary")}
        accept="image/*"
        onPick={(event) => {
          const [chosen] = accepted(event, "productImage");
          if (chosen) onChoose(chosen);
        }}
        disabled={disabled}
        testId="primary-image-input"
      />
    </fieldset>
  );
}

/** Additional images: the product's (each removable) and the ones chosen now. */
export function AdditionalImagesPicker({
  current,
  files,
  onFiles,
  onRemoveCurrent,
  disabled,
}: {
  current: string[];
  files: File[];
  onFiles: (files: File[]) => void;
  onRemoveCurrent: (url: string) => void;
  disabled: boolean;
}) {
  const { t, tm } = useT();
  // The API's limits: so many at a time, and so many on a product.
  const room = Math.min(MAX_ADDITIONAL_PER_UPLOAD, MAX_ADDITIONAL_IMAGES - current.length);
  return (
    <fieldset className="field form-group">
      <legend className="field-label">{t("admin.productForm.additionalImages")}</legend>
      {current.length + files.length > 0 ? (
        <ul className="image-thumbs" aria-label={t("admin.productForm.additionalImages")}>
          {current.map((url, index) => (
            <Thumb
              key={url}
              src={url}
              alt={t("admin.productForm.additionalImage", { number: index + 1 })}
              onRemove={() => onRemoveCurrent(url)}
              disabled={disabled}
            />
          ))}
          {files.map((file, index) => (
            <NewThumb
              key={`${file.name}-${file.lastModified}-${file.size}`}
              file={file}
              onRemove={() => onFiles(files.filter((_, i) => i !== index))}
              disabled={disabled}
            />
          ))}
        </ul>
      ) : null}
      <PickButton
        label={t("admin.productForm.addImages")}
        accept="image/*"
        multiple
        onPick={(event) => {
          const chosen = [...files, ...accepted(event, "productImage")];
          if (chosen.length > room) {
            toast.error(
              tm(
                room < MAX_ADDITIONAL_PER_UPLOAD
                  ? productFileMessages.tooManyImages
                  : productFileMessages.tooManyFiles,
              ),
            );
          }
          onFiles(chosen.slice(0, room));
        }}
        disabled={disabled || files.length >= room}
        testId="additional-images-input"
      />
    </fieldset>
  );
}

/** The certificate of analysis: pdf, jpg, jpeg or png. */
export function CertificatePicker({
  current,
  file,
  onChoose,
  disabled,
}: {
  current: string | null;
  file: File | null;
  onChoose: (file: File | null) => void;
  disabled: boolean;
}) {
  const { t } = useT();
  return (
    <fieldset className="field form-group">
      <legend className="field-label">{t("admin.productForm.certificate")}</legend>
      {file ? (
        <p className="certificate-file" data-testid="certificate-chosen">
          <FileText size={16} aria-hidden="true" /> {file.name}
          <button
            type="button"
            className="image-thumb-remove certificate-remove"
            aria-label={t("admin.productForm.removeNamed", { name: file.name })}
            onClick={() => onChoose(null)}
            disabled={disabled}
          >
            <X size={14} aria-hidden="true" />
          </button>
        </p>
      ) : current ? (
        <a className="certificate-file" href={current} target="_blank" rel="noreferrer">
          <FileText size={16} aria-hidden="true" /> {t("admin.productForm.currentCertificate")}
        </a>
      ) : (
        <p className="field-note">{t("admin.productForm.certificateTypes")}</p>
      )}
      <PickButton
        icon={<FileUp size={16} aria-hidden="true" />}
        label={t(
          current || file ? "admin.productForm.replaceCertificate" : "admin.productForm.chooseCertificate",
        )}
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        onPick={(event) => {
          const [chosen] = accepted(event, "certificate");
          if (chosen) onChoose(chosen);
        }}
        disabled={disabled}
        testId="certificate-input"
      />
    </fieldset>
  );
}
