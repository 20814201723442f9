import { useCallback } from "react";
import type { LegalDocument } from "#api/contracts/legal";
import { Markdown } from "../components/markdown";
import { PageHeader } from "../components/page-header";
import { ResourceView } from "../components/state-view";
import { api, call, LoadError } from "../lib/api";
import { formatEffectiveDate } from "../lib/dates";
import { useResource } from "../lib/use-resource";
import "./legal-page.css";

type PublicLegalType = "terms" | "privacy";

const pages: Record<PublicLegalType, { title: string; notFound: string }> = {
  terms: { title: "Terms of Service", notFound: "No terms of service found." },
  privacy: { title: "Privacy Policy", notFound: "No privacy policy found." },
};

/** /terms-of-service and /privacy-policy: the active document of the type, public. */
export default function LegalPage({ type }: { type: PublicLegalType }) {
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
  const { title, notFound } = pages[type];

  return (
    <div className="page legal-page">
      <PageHeader title={title} back="/">
        {doc.status === "ready" && doc.data ? (
          <p className="page-subtitle" data-testid="legal-meta">
            Version {doc.data.version} · Effective {formatEffectiveDate(doc.data.effectiveDate)}
          </p>
        ) : null}
      </PageHeader>
      <ResourceView
        resource={doc}
        loadingLabel={`Loading ${title.toLowerCase()}`}
        errorMessage={
          doc.status === "error" && doc.error instanceof LoadError
            ? doc.error.message
            : `Failed to load ${title.toLowerCase()}`
        }
        isEmpty={(data) => data === null}
        empty={{ title: notFound }}
      >
        {(data) => (data ? <Markdown source={data.content} title={title} /> : null)}
      </ResourceView>
    </div>
  );
}
