import { LinkButton } from "../components/link-button";

export default function NotFoundPage() {
  return (
    <div className="page centered-page">
      <p className="big-code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">Oops! Page not found</h1>
      <LinkButton to="/" size="l">
        Return to Home
      </LinkButton>
    </div>
  );
}
