import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { telegram } from "../telegram/controls";

/** An inner page's title, with a Back link on the web (inside Telegram its BackButton does that). */
export function PageHeader({
  title,
  back,
  children,
}: {
  title: string;
  back?: string;
  children?: ReactNode;
}) {
  const showBack = back !== undefined && telegram() === null;
  return (
    <div className="page-header">
      {showBack ? (
        <Link to={back} className="icon-button page-back" aria-label="Back">
          <ArrowLeft size={22} aria-hidden="true" />
        </Link>
      ) : null}
      <div className="page-header-text">
        <h1 className="page-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
