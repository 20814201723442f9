import { Badge, Button } from "@telegram-apps/telegram-ui";
import { FileText, Plus } from "lucide-react";
import { useCallback, useState } from "react";
import type { AdminLegalVersion } from "#api/contracts/admin-legal";
import { type LegalType, legalNotFoundMessages } from "#api/contracts/legal";
import { Markdown } from "../../components/markdown";
import { PageHeader } from "../../components/page-header";
import { ResourceList } from "../../components/state-view";
import { type AdminTextKey, t as translate } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
import { api, call } from "../../lib/api";
import { formatEffectiveDate, formatShortDate } from "../../lib/dates";
import { useResource } from "../../lib/use-resource";
import { AdminList, AdminRow } from "../admin-row";
import { PolicyEditor } from "./policy-editor";
import "./policy-admin-page.css";

const titles: Record<LegalType, AdminTextKey> = {
  terms: "admin.menu.terms",
  privacy: "admin.menu.privacy",
  refund: "admin.menu.refund",
  shipping: "admin.menu.shipping",
  cancellation: "admin.menu.cancellation",
};

const versionMeta = (doc: AdminLegalVersion) =>
  translate("admin.policies.versionMeta", {
    version: doc.version,
    date: formatEffectiveDate(doc.effectiveDate),
  });

function VersionRow({ doc, title }: { doc: AdminLegalVersion; title: string }) {
  const { t } = useT();
  return (
    <AdminRow
      testId="policy-version"
      title={t("admin.policies.version", { version: doc.version })}
      subtitle={t("admin.policies.versionDates", {
        effective: formatEffectiveDate(doc.effectiveDate),
        published: formatShortDate(doc.createdAt),
      })}
      after={
        doc.isActive ? (
          <Badge type="number" mode="primary" className="admin-row-badge" data-testid="version-active">
            {t("admin.common.active")}
          </Badge>
        ) : null
      }
    >
      {doc.isActive ? null : (
        <details className="policy-version-text">
          <summary>{t("admin.policies.showText")}</summary>
          <Markdown source={doc.content} title={title} />
        </details>
      )}
    </AdminRow>
  );
}

function PolicyAdmin({ type }: { type: LegalType }) {
  const { t, tm, language } = useT();
  const title = t(titles[type]);
  const [changed, setChanged] = useState(0);
  const [editing, setEditing] = useState(false);
  const load = useCallback(
    async (signal: AbortSignal) =>
      (await call(api.admin.legal[":type"].$get({ param: { type } }, { init: { signal } }))).versions,
    [type],
  );
  const versions = useResource(`admin-legal:${type}`, load, { version: changed });
  const all = versions.status === "ready" ? versions.data : [];
  const active = all.find((doc) => doc.isActive);
  const published = useCallback(() => {
    setEditing(false);
    setChanged((n) => n + 1);
  }, []);

  return (
    <div className="page settings-page policy-admin-page">
      <PageHeader title={title} back="/administration">
        {active ? (
          <p className="page-subtitle" data-testid="legal-meta">
            {versionMeta(active)}
          </p>
        ) : null}
      </PageHeader>
      {versions.status !== "ready" ? null : editing ? (
        <PolicyEditor
          type={type}
          title={title}
          latest={all[0]}
          onPublished={published}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Button
          size="l"
          stretched
          before={<Plus size={20} aria-hidden="true" />}
          onClick={() => setEditing(true)}
        >
          {t("admin.policies.publishNew")}
        </Button>
      )}
      <ResourceList
        resource={versions}
        loadingLabel={t("admin.policies.loading", { document: title.toLocaleLowerCase(language) })}
        errorMessage={t("admin.policies.loadFailed", { document: title.toLocaleLowerCase(language) })}
        empty={{ title: tm(legalNotFoundMessages[type]), icon: <FileText size={36} /> }}
      >
        {(data) => (
          <>
            <section className="policy-section" aria-labelledby="policy-versions-title">
              <h2 id="policy-versions-title" className="policy-section-title">
                {t("admin.policies.versions")}
              </h2>
              <AdminList label={t("admin.policies.versions")}>
                {data.map((doc) => (
                  <VersionRow key={doc.id} doc={doc} title={title} />
                ))}
              </AdminList>
            </section>
            {active ? (
              <section className="policy-section" aria-labelledby="policy-active-title">
                <h2 id="policy-active-title" className="policy-section-title">
                  {t("admin.policies.activeDocument")}
                </h2>
                <div className="card policy-active" data-testid="policy-active">
                  <Markdown source={active.content} title={title} />
                </div>
              </section>
            ) : null}
          </>
        )}
      </ResourceList>
    </div>
  );
}

/**
 * /admin/terms-of-service, /admin/privacy-policy, /admin/refund-policy, /admin/shipping-policy and
 * /admin/cancellation-policy (admins): the active document as the public page shows it, every
 * version, and publishing a new one.
 */
export default function PolicyAdminPage({ type }: { type: LegalType }) {
  return <PolicyAdmin key={type} type={type} />;
}
