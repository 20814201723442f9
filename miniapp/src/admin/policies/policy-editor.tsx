import { Button, SegmentedControl, Textarea } from "@telegram-apps/telegram-ui";
import { useId, useState } from "react";
import { type AdminLegalVersion, publishLegalSchema } from "#api/contracts/admin-legal";
import type { LegalType } from "#api/contracts/legal";
import { Field } from "../../components/field";
import { Markdown } from "../../components/markdown";
import type { AdminTextKey } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage, LoadError } from "../../lib/api";
import { formatEffectiveDate } from "../../lib/dates";
import type { FieldErrors } from "../../lib/form-issues";
import { toast } from "../../lib/toast";
import { useContractForm } from "../../lib/use-contract-form";

type Tab = "write" | "preview";
const tabs: [Tab, AdminTextKey][] = [
  ["write", "admin.policies.write"],
  ["preview", "admin.policies.preview"],
];

/**
 * The field a refusal only the server knows belongs to: a version not newer than the latest, or one
 * published meanwhile (both conflicts, in any language); the contract checks the rest before sending.
 */
const errorsOf = (error: unknown, message: string): FieldErrors =>
  error instanceof LoadError && error.code === "conflict" ? { version: message } : {};

/** Today on the device, yyyy-mm-dd: the date input's value. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** An empty version field lets the server take the latest plus one. */
const versionOf = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text));

/**
 * "Publish new version": the text (starting from the active one), its version (the latest plus one)
 * and effective date (today), with a Preview in the public page's markdown.
 */
export function PolicyEditor({
  type,
  title,
  latest,
  onPublished,
  onCancel,
}: {
  type: LegalType;
  title: string;
  /** The newest version, or undefined when there is none yet. */
  latest: AdminLegalVersion | undefined;
  onPublished: () => void;
  onCancel: () => void;
}) {
  const { t, tm } = useT();
  const editorId = useId();
  const contentId = useId();
  const [tab, setTab] = useState<Tab>("write");
  // As the server would refuse it: one message, on the field it names, until that field is edited.
  const form = useContractForm(
    publishLegalSchema,
    () => ({
      content: latest?.content ?? "",
      version: String((latest?.version ?? 0) + 1),
      effectiveDate: today(),
    }),
    {
      input: (values) => ({ ...values, version: versionOf(values.version) }),
      firstOnly: true,
      clearOnEdit: true,
      keepErrorsOnPass: true,
    },
  );
  const { values, errors, busy } = form;
  const { content, version, effectiveDate } = values;
  const refuse = (message: string, found: FieldErrors) => {
    if (found.content) setTab("write");
    toast.error(t("admin.policies.publishFailed"), { id: "policy-publish", description: tm(message) });
  };

  const submit = form.submit(
    async () => {
      try {
        const { document } = await call(
          api.admin.legal[":type"].$post({
            param: { type },
            json: { content, version: versionOf(version), effectiveDate },
          }),
        );
        toast.success(t("admin.policies.published", { version: document.version }));
        onPublished();
      } catch (error) {
        // What only the server knows: a version not newer than the latest, one published meanwhile.
        const message = errorMessage(error);
        const found = errorsOf(error, message);
        form.setErrors(found);
        refuse(message, found);
      }
    },
    (refusal) => refuse(refusal.first ?? "", refusal.fields),
  );

  return (
    <section className="card policy-editor" aria-labelledby={`${editorId}-title`}>
      <h2 id={`${editorId}-title`} className="policy-section-title">
        {t("admin.policies.publishNew")}
      </h2>
      <SegmentedControl className="policy-tabs" aria-label={t("admin.policies.editor")}>
        {tabs.map(([key, label]) => (
          <SegmentedControl.Item
            key={key}
            type="button"
            id={`${editorId}-tab-${key}`}
            selected={tab === key}
            aria-selected={tab === key}
            aria-controls={`${editorId}-panel-${key}`}
            className="policy-tab"
            onClick={() => setTab(key)}
          >
            {t(label)}
          </SegmentedControl.Item>
        ))}
      </SegmentedControl>
      <form className="form" onSubmit={submit} noValidate>
        <div
          role="tabpanel"
          id={`${editorId}-panel-write`}
          aria-labelledby={`${editorId}-tab-write`}
          className="policy-write"
          hidden={tab !== "write"}
        >
          <div className="field">
            <label htmlFor={contentId} className="field-label">
              {t("admin.policies.content")}
            </label>
            <div className="field-control">
              <Textarea
                id={contentId}
                className="policy-textarea"
                value={content}
                onChange={(event) => form.set("content", event.target.value)}
                status={errors.content ? "error" : undefined}
                aria-invalid={errors.content ? true : undefined}
                aria-describedby={`${contentId}-message`}
                disabled={busy}
              />
            </div>
            {errors.content ? (
              <p id={`${contentId}-message`} className="field-error" role="alert">
                {tm(errors.content)}
              </p>
            ) : (
              <p id={`${contentId}-message`} className="field-note">
                {t("admin.policies.markdownNote")}
              </p>
            )}
          </div>
          <div className="policy-fields">
            <Field
              label={t("admin.policies.versionLabel")}
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              {...form.input("version")}
              disabled={busy}
            />
            <Field
              label={t("admin.policies.effectiveDate")}
              type="date"
              {...form.input("effectiveDate")}
              disabled={busy}
            />
          </div>
        </div>
        {tab === "preview" ? (
          <div
            role="tabpanel"
            id={`${editorId}-panel-preview`}
            aria-labelledby={`${editorId}-tab-preview`}
            className="policy-preview"
            data-testid="policy-preview"
          >
            <p className="page-subtitle">
              {t("admin.policies.versionMeta", {
                version: version || "—",
                date: formatEffectiveDate(effectiveDate),
              })}
            </p>
            {content.trim() === "" ? (
              <p className="hint">{t("admin.policies.nothingToPreview")}</p>
            ) : (
              <Markdown source={content} title={title} />
            )}
          </div>
        ) : null}
        <div className="policy-editor-buttons">
          <Button type="button" mode="bezeled" size="l" stretched onClick={onCancel} disabled={busy}>
            {t("admin.common.cancel")}
          </Button>
          <Button type="submit" size="l" stretched loading={busy} disabled={busy}>
            {t("admin.policies.publish")}
          </Button>
        </div>
      </form>
    </section>
  );
}
