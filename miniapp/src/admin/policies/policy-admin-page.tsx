import { Badge, Button } from "@telegram-apps/telegram-ui";
import { FileText, Plus } from "lucide-react";
import { useCallback, useState } from "react";
import type { AdminLegalVersion } from "#api/contracts/admin-legal";
import { type LegalType, legalNotFoundMessages } from "#api/contracts/legal";
import { Markdown } from "../../components/markdown";
import { PageHeader } from "../../components/page-header";
import { ResourceList } from "../../components/state-view";
import { api, call } from "../../lib/api";
import { formatEffectiveDate, formatShortDate } from "../../lib/dates";
import { useResource } from "../../lib/use-resource";
import { AdminList, AdminRow } from "../admin-row";
import { PolicyEditor } from "./policy-editor";
import "./policy-admin-page.css";

const titles: Record<LegalType, string> = {
  terms: "Terms of Service",
  privacy: "Privacy Policy",
  refund: "Refund Policy",
  shipping: "Shipping Policy",
  cancellation: "Cancellation Policy",
};

const versionMeta = (doc: AdminLegalVersion) =>
  `Version ${doc.version} · Effective ${formatEffectiveDate(doc.effectiveDate)}`;

function VersionRow({ doc, title }: { doc: AdminLegalVersion; title: string }) {
  return (
    <AdminRow
      testId="policy-version"
      title={`Version ${doc.version}`}
      subtitle={`Effective ${formatEffectiveDate(doc.effectiveDate)} · Published ${formatShortDate(doc.createdAt)}`}
      after={
        doc.isActive ? (
          <Badge type="number" mode="primary" className="admin-row-badge" data-testid="version-active">
            Active
          </Badge>
        ) : null
      }
    >
      {doc.isActive ? null : (
        <details className="policy-version-text">
          <summary>Show text</summary>
          <Markdown source={doc.content} title={title} />
        </details>
      )}
    </AdminRow>
  );
}

function PolicyAdmin({ type }: { type: LegalType }) {
  const title = titles[type];
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
          Publish new version
        </Button>
      )}
      <ResourceList
        resource={versions}
        loadingLabel={`Loading ${title.toLowerCase()}`}
        errorMessage={`Failed to load ${title.toLowerCase()}`}
        empty={{ title: legalNotFoundMessages[type], icon: <FileText size={36} /> }}
      >
        {(data) => (
          <>
            <section className="policy-section" aria-labelledby="policy-versions-title">
              <h2 id="policy-versions-title" className="policy-section-title">
                Versions
              </h2>
              <AdminList label="Versions">
                {data.map((doc) => (
                  <VersionRow key={doc.id} doc={doc} title={title} />
                ))}
              </AdminList>
            </section>
            {active ? (
              <section className="policy-section" aria-labelledby="policy-active-title">
                <h2 id="policy-active-title" className="policy-section-title">
                  Active document
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
