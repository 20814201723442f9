import { Button } from "@telegram-apps/telegram-ui";
import { LoaderCircle, ShieldAlert, ShieldX, TimerOff } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import type { Role } from "#api/contracts/roles";
import { StateView } from "../components/state-view";
import { useT } from "../i18n/use-t";
import { signedInUser, useAuth } from "../state/auth";
import { GUARD_AUTH_STABILITY_MS, GUARD_ROLE_CHECK_TIMEOUT_MS, guardView } from "../state/guard-rules";
import { useRoles } from "../state/roles";

const ADMIN_ONLY: readonly Role[] = ["admin"];

/**
 * Shows a staff screen only to the roles in `allow` (by default admins only).
 * This decides what to show; the API checks the role again on every call.
 */
export function StaffGuard({
  allow = ADMIN_ONLY,
  children,
}: {
  allow?: readonly Role[];
  children: ReactNode;
}) {
  const { t } = useT();
  const auth = useAuth();
  const me = signedInUser(auth);
  const roles = useRoles(me?.id ?? null);
  const navigate = useNavigate();

  // The auth state must hold still a moment before it can send anyone away.
  const [authStable, setAuthStable] = useState(false);
  useEffect(() => {
    setAuthStable(false);
    if (auth.status === "loading") return;
    const timer = setTimeout(() => setAuthStable(true), GUARD_AUTH_STABILITY_MS);
    return () => clearTimeout(timer);
  }, [auth.status]);

  const [attempt, setAttempt] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const rolesLoading = roles.status === "loading";
  // biome-ignore lint/correctness/useExhaustiveDependencies: each Retry starts a fresh timeout.
  useEffect(() => {
    setTimedOut(false);
    if (!rolesLoading) return;
    const timer = setTimeout(() => setTimedOut(true), GUARD_ROLE_CHECK_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [rolesLoading, attempt]);

  const { reload } = roles;
  const retry = useCallback(() => {
    setAttempt((n) => n + 1);
    reload();
  }, [reload]);

  const view = guardView({
    auth: auth.status,
    ageVerified: me?.ageVerified ?? false,
    authStable,
    roles: roles.status,
    userRoles: roles.status === "loaded" ? roles.roles : [],
    timedOut,
    allow,
  });

  switch (view) {
    case "auth-loading":
      return <StateView kind="loading" label={t("auth.loadingAccount")} />;
    case "redirect-auth":
      return <Navigate to="/auth" replace />;
    case "age-gate":
      return <Navigate to="/" replace />;
    case "verifying":
      return (
        <div className="page centered-page" role="status" data-testid="guard-verifying">
          <LoaderCircle size={28} className="spin state-icon" aria-hidden="true" />
          <p className="hint">{t("auth.guardVerifying")}</p>
        </div>
      );
    case "timeout":
    case "role-error":
    case "not-authorized": {
      const Icon = view === "timeout" ? TimerOff : view === "role-error" ? ShieldAlert : ShieldX;
      const title =
        view === "timeout"
          ? t("auth.guardTimeoutTitle")
          : view === "role-error"
            ? t("auth.guardRoleErrorTitle")
            : t("auth.guardNotAuthorizedTitle");
      const text =
        view === "timeout"
          ? t("auth.guardTimeoutText")
          : view === "role-error"
            ? roles.status === "error"
              ? roles.message
              : ""
            : t("auth.guardNotAuthorizedText");
      return (
        <StateView
          kind="error"
          testId={`guard-${view}`}
          message={title}
          headingLevel={1}
          description={text}
          icon={<Icon size={40} />}
          onRetry={retry}
          action={
            view === "not-authorized" ? (
              <Button type="button" size="m" onClick={() => navigate("/")}>
                {t("auth.goHome")}
              </Button>
            ) : null
          }
        />
      );
    }
    default:
      return children;
  }
}
