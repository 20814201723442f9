import { MailCheck, MailX } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { emailVerificationMessages } from "#api/contracts/auth";
import { LinkButton } from "../components/link-button";
import { StateView } from "../components/state-view";
import { useT } from "../i18n/use-t";
import { api, call, errorMessage } from "../lib/api";
import { updateMe, useAuth } from "../state/auth";

type Outcome = { status: "loading" } | { status: "verified" } | { status: "failed"; message: string };

// One request per token and page load: a token is spent by its first use, so a second effect run
// (React's strict mode, a remount) must share the first answer rather than be refused.
const attempts = new Map<string, Promise<void>>();
const spend = (token: string) => {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = call(api.auth["verify-email"].$post({ json: { token } })).then(() => undefined);
    attempts.set(token, attempt);
  }
  return attempt;
};

/** /verify-email?token=...: the link mailed to prove an email address; spends it on arrival. */
export default function VerifyEmailPage() {
  const { t, tm } = useT();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const signedIn = useAuth().status === "signed-in";
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { status: "loading" } : { status: "failed", message: emailVerificationMessages.linkInvalid },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    spend(token).then(
      () => live && setOutcome({ status: "verified" }),
      (failed: unknown) => live && setOutcome({ status: "failed", message: errorMessage(failed) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    // The account's copy here learns it is verified (and any role that came with it).
    if (outcome.status === "verified" && signedIn) {
      call(api.me.$get()).then(updateMe, () => undefined);
    }
  }, [outcome.status, signedIn]);

  if (outcome.status === "loading") {
    return (
      <div className="page centered-page" data-testid="verify-loading">
        <StateView kind="loading" label={t("verify.verifying")} showLabel />
      </div>
    );
  }
  if (outcome.status === "verified") {
    return (
      <div className="page centered-page" data-testid="verify-success">
        <MailCheck size={40} className="state-icon" aria-hidden="true" />
        <h1 className="page-title">{t("verify.verified")}</h1>
        <p className="hint">{tm(emailVerificationMessages.verified)}</p>
        <LinkButton to={signedIn ? "/settings/security" : "/auth"} size="l">
          {signedIn ? t("verify.backToSecurity") : t("verify.logIn")}
        </LinkButton>
      </div>
    );
  }
  return (
    <div className="page centered-page" data-testid="verify-invalid">
      <MailX size={40} className="state-icon" aria-hidden="true" />
      <h1 className="page-title">{t("verify.linkNotValid")}</h1>
      <p className="hint">{tm(outcome.message)}</p>
      <LinkButton to={signedIn ? "/settings/security" : "/auth"} size="l">
        {signedIn ? t("verify.sendNewLink") : t("verify.logInToSend")}
      </LinkButton>
    </div>
  );
}
