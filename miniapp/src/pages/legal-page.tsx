import { useCallback } from "react";
import type { LegalDocument } from "#api/contracts/legal";
import { Markdown } from "../components/markdown";
import { PageHeader } from "../components/page-header";
import { Spinner } from "../components/spinner";
import { api, failure, LoadError } from "../lib/api";
import { formatEffectiveDate } from "../lib/dates";
import { useResource } from "../lib/use-resource";

type PublicLegalType = "terms" | "privacy";

const pages: Record<PublicLegalType, { title: string; notFound: string }> = {
  terms: { title: "Terms of Service", notFound: "No terms of service found." },
  privacy: { title: "Privacy Policy", notFound: "No privacy policy found." },
};

/** /terms-of-service and /privacy-policy: the active document of the type, public. */
export default function LegalPage({ type }: { type: PublicLegalType }) {
  const load = useCallback(
    async (signal: AbortSignal): Promise<LegalDocument | null> => {
      const response = await api.legal[":type"].$get({ param: { type } }, { init: { signal } });
      // The API answers 404 with the not-found text when no document of the type is active.
      if ((response.status as number) === 404) return null;
      if (!response.ok) throw await failure(response);
      return (await response.json()) as LegalDocument;
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
      {doc.status === "loading" ? <Spinner label={`Loading ${title.toLowerCase()}`} /> : null}
      {doc.status === "ready" && !doc.data ? <p className="state-message hint">{notFound}</p> : null}
      {doc.status === "error" ? (
        <div className="state-message">
          <p>
            {doc.error instanceof LoadError ? doc.error.message : `Failed to load ${title.toLowerCase()}`}
          </p>
          <button type="button" className="button button-secondary" onClick={doc.reload}>
            Retry
          </button>
        </div>
      ) : null}
      {doc.status === "ready" && doc.data ? <Markdown source={doc.data.content} title={title} /> : null}
    </div>
  );
}
