import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { StateView } from "../components/state-view";
import { useT } from "../i18n/use-t";
import { useAuth } from "../state/auth";

/** The account's own screens: signed in (else /auth) and past the age gate (else the landing). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useT();
  const auth = useAuth();
  if (auth.status === "loading") return <StateView kind="loading" label={t("auth.loadingAccount")} />;
  if (auth.status === "signed-out") return <Navigate to="/auth" replace />;
  if (!auth.me.ageVerified) return <Navigate to="/" replace />;
  return children;
}
