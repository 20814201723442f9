import { Link } from "react-router";

export default function NotFoundPage() {
  return (
    <div className="page centered-page">
      <p className="big-code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">Oops! Page not found</h1>
      <Link to="/" className="button button-primary">
        Return to Home
      </Link>
    </div>
  );
}
