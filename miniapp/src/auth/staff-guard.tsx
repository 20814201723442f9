import { Button } from "@telegram-apps/telegram-ui";
import { LoaderCircle, ShieldAlert, ShieldX, TimerOff } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import type { Role } from "#api/contracts/roles";
import { StateView } from "../components/state-view";
import { signedInUser, useAuth } from "../state/auth";
import {
  GUARD_AUTH_STABILITY_MS,
  GUARD_ROLE_CHECK_TIMEOUT_MS,
  guardMessages,
  guardView,
} from "../state/guard-rules";
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
      return <StateView kind="loading" label="Loading account" />;
    case "redirect-auth":
      return <Navigate to="/auth" replace />;
    case "age-gate":
      return <Navigate to="/" replace />;
    case "verifying":
      return (
        <div className="page centered-page" role="status" data-testid="guard-verifying">
          <LoaderCircle size={28} className="spin state-icon" aria-hidden="true" />
          <p className="hint">{guardMessages.verifying}</p>
        </div>
      );
    case "timeout":
    case "role-error":
    case "not-authorized": {
      const Icon = view === "timeout" ? TimerOff : view === "role-error" ? ShieldAlert : ShieldX;
      const title =
        view === "timeout"
          ? guardMessages.timeoutTitle
          : view === "role-error"
            ? guardMessages.roleErrorTitle
            : guardMessages.notAuthorizedTitle;
      const text =
        view === "timeout"
          ? "Checking your permissions is taking too long."
          : view === "role-error"
            ? roles.status === "error"
              ? roles.message
              : ""
            : guardMessages.notAuthorizedText;
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
                Go Home
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
