import { Button } from "@telegram-apps/telegram-ui";
import { LinkIcon } from "lucide-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { authMessages, passwordResetConfirmSchema } from "#api/contracts/auth";
import { PasswordFields } from "../components/field";
import { LinkButton } from "../components/link-button";
import { useT } from "../i18n/use-t";
import { api, call, errorMessage, LoadError } from "../lib/api";
import { toast } from "../lib/toast";
import { useContractForm } from "../lib/use-contract-form";
import { forgetSession, useAuth } from "../state/auth";
import "./password-pages.css";

/** /reset-password?token=...: a new password by the sign-up rules, then the login. */
export default function ResetPasswordPage() {
  const { t, tm } = useT();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const signedIn = useAuth().status === "signed-in";
  const form = useContractForm(
    passwordResetConfirmSchema,
    { password: "", confirmPassword: "" },
    {
      input: (values) => ({ token, ...values }),
      matches: { field: "confirmPassword", of: "password", message: authMessages.passwordsDontMatch },
    },
  );
  const [invalid, setInvalid] = useState<string | null>(token ? null : authMessages.resetLinkInvalid);

  const submit = form.submit(async (data) => {
    try {
      await call(api.auth["password-reset"].confirm.$post({ json: data }));
      toast.success(t("reset.passwordUpdated"), { description: t("reset.passwordUpdatedText") });
      // The reset ended every session, this browser's too.
      if (signedIn) forgetSession();
      navigate("/auth", { replace: true });
    } catch (failed) {
      // The form's fields passed their contract here, so the server's bad_request is the link's
      // (reset_link_invalid, or a token its contract refuses).
      if (failed instanceof LoadError && failed.code === "bad_request") {
        setInvalid(authMessages.resetLinkInvalid);
      } else {
        toast.error(t("reset.error"), { description: errorMessage(failed) });
      }
    }
  });

  if (invalid) {
    return (
      <div className="page centered-page" data-testid="reset-invalid">
        <LinkIcon size={40} className="state-icon" aria-hidden="true" />
        <h1 className="page-title">{t("reset.linkNotValid")}</h1>
        <p className="hint">{tm(invalid)}</p>
        <LinkButton to="/forgot-password" size="l">
          {t("reset.requestNewLink")}
        </LinkButton>
      </div>
    );
  }

  return (
    <div className="page narrow-page">
      <h1 className="page-title">{t("reset.chooseTitle")}</h1>
      <p className="hint page-lead">{t("reset.passwordRules")}</p>
      <form className="form" onSubmit={submit} noValidate aria-label={t("reset.form")}>
        <PasswordFields fresh password={form.text("password")} confirmation={form.text("confirmPassword")} />
        <Button type="submit" size="l" stretched disabled={form.busy}>
          {form.busy ? t("reset.saving") : t("reset.submit")}
        </Button>
      </form>
    </div>
  );
}
