import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "../i18n/use-t";
import { telegram } from "../telegram/controls";
import "./page-header.css";

/** Back, on the web only: inside Telegram its BackButton does that. */
export function BackLink({ to, className }: { to: string; className?: string }) {
  const { t } = useT();
  if (telegram() !== null) return null;
  return (
    <Link
      to={to}
      className={`icon-button page-back${className ? ` ${className}` : ""}`}
      aria-label={t("common.back")}
    >
      <ArrowLeft size={22} className="dir-flip" aria-hidden="true" />
    </Link>
  );
}

/** An inner page's title, with a Back link on the web. */
export function PageHeader({
  title,
  back,
  children,
}: {
  title: string;
  back?: string;
  children?: ReactNode;
}) {
  return (
    <div className="page-header">
      {back !== undefined ? <BackLink to={back} /> : null}
      <div className="page-header-text">
        <h1 className="page-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
