import { useCallback } from "react";
import type { LegalDocument } from "#api/contracts/legal";
import { Markdown } from "../components/markdown";
import { PageHeader } from "../components/page-header";
import { ResourceView } from "../components/state-view";
import type { AppTextKey } from "../i18n/i18n";
import { useT } from "../i18n/use-t";
import { api, call, LoadError } from "../lib/api";
import { formatEffectiveDate } from "../lib/dates";
import { useResource } from "../lib/use-resource";
import "./legal-page.css";

type PublicLegalType = "terms" | "privacy";

type PageTexts = Record<"title" | "notFound" | "loading" | "failed", AppTextKey>;
const pages: Record<PublicLegalType, PageTexts> = {
  terms: {
    title: "legal.termsTitle",
    notFound: "legal.termsNotFound",
    loading: "legal.termsLoading",
    failed: "legal.termsFailed",
  },
  privacy: {
    title: "legal.privacyTitle",
    notFound: "legal.privacyNotFound",
    loading: "legal.privacyLoading",
    failed: "legal.privacyFailed",
  },
};

/** /terms-of-service and /privacy-policy: the active document of the type, public. */
export default function LegalPage({ type }: { type: PublicLegalType }) {
  const { t } = useT();
  const load = useCallback(
    async (signal: AbortSignal): Promise<LegalDocument | null> => {
      try {
        return await call(api.legal[":type"].$get({ param: { type } }, { init: { signal } }));
      } catch (error) {
        // The API answers 404 with the not-found text when no document of the type is active.
        if (error instanceof LoadError && error.notFound) return null;
        throw error;
      }
    },
    [type],
  );
  const doc = useResource(`legal:${type}`, load);
  const texts = pages[type];
  const title = t(texts.title);

  return (
    <div className="page legal-page">
      <PageHeader title={title} back="/">
        {doc.status === "ready" && doc.data ? (
          <p className="page-subtitle" data-testid="legal-meta">
            {t("legal.meta", {
              version: doc.data.version,
              date: formatEffectiveDate(doc.data.effectiveDate),
            })}
          </p>
        ) : null}
      </PageHeader>
      <ResourceView
        resource={doc}
        loadingLabel={t(texts.loading)}
        errorMessage={
          doc.status === "error" && doc.error instanceof LoadError ? doc.error.message : t(texts.failed)
        }
        isEmpty={(data) => data === null}
        empty={{ title: t(texts.notFound) }}
      >
        {(data) => (data ? <Markdown source={data.content} title={title} /> : null)}
      </ResourceView>
    </div>
  );
}
