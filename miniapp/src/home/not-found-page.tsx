import { LinkButton } from "../components/link-button";
import { useT } from "../i18n/use-t";

export default function NotFoundPage() {
  const { t } = useT();
  return (
    <div className="page centered-page">
      <p className="big-code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">{t("notFound.title")}</h1>
      <LinkButton to="/" size="l">
        {t("notFound.home")}
      </LinkButton>
    </div>
  );
}
