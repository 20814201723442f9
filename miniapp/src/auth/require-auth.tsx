import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { StateView } from "../components/state-view";
import { useT } from "../i18n/use-t";
import { useAuth } from "../state/auth";

/** Where the age gate leads once passed: the screen the person was opening (RequireAuth's). */
export interface AfterAgeGate {
  after: string;
}

/**
 * The account's own screens: signed in (else /auth) and past the age gate (else the landing, which
 * comes back here once it is passed when the app was opened here: a join request opens Memberships
 * for someone new, decision 120).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useT();
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === "loading") return <StateView kind="loading" label={t("auth.loadingAccount")} />;
  if (auth.status === "signed-out") return <Navigate to="/auth" replace />;
  if (!auth.me.ageVerified) {
    // Only the screen the app was opened at (a link, a join request) is returned to; one tapped on
    // the way (Account, while the gate stands) is not: the gate leads on to the home page then.
    const opened = location.key === "default";
    const state: AfterAgeGate | null = opened ? { after: location.pathname + location.search } : null;
    return <Navigate to="/" replace state={state} />;
  }
  return children;
}
