import { Button } from "@telegram-apps/telegram-ui";
import { LinkIcon } from "lucide-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { authMessages, passwordResetConfirmSchema } from "#api/contracts/auth";
import { PasswordFields } from "../components/field";
import { LinkButton } from "../components/link-button";
import { api, call, errorMessage, LoadError } from "../lib/api";
import { toast } from "../lib/toast";
import { useContractForm } from "../lib/use-contract-form";
import { forgetSession, useAuth } from "../state/auth";
import "./password-pages.css";

/** /reset-password?token=...: a new password by the sign-up rules, then the login. */
export default function ResetPasswordPage() {
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
      toast.success("Password updated", { description: "You can now log in with your new password." });
      // The reset ended every session, this browser's too.
      if (signedIn) forgetSession();
      navigate("/auth", { replace: true });
    } catch (failed) {
      if (failed instanceof LoadError && failed.message === authMessages.resetLinkInvalid) {
        setInvalid(failed.message);
      } else {
        toast.error("Error", { description: errorMessage(failed) });
      }
    }
  });

  if (invalid) {
    return (
      <div className="page centered-page" data-testid="reset-invalid">
        <LinkIcon size={40} className="state-icon" aria-hidden="true" />
        <h1 className="page-title">Reset link not valid</h1>
        <p className="hint">{invalid}</p>
        <LinkButton to="/forgot-password" size="l">
          Request a new link
        </LinkButton>
      </div>
    );
  }

  return (
    <div className="page narrow-page">
      <h1 className="page-title">Choose a new password</h1>
      <p className="hint page-lead">At least 8 characters, with an uppercase letter and a number.</p>
      <form className="form" onSubmit={submit} noValidate aria-label="Reset password">
        <PasswordFields
          label="New Password"
          password={form.text("password")}
          confirmation={form.text("confirmPassword")}
        />
        <Button type="submit" size="l" stretched disabled={form.busy}>
          {form.busy ? "Saving..." : "Reset Password"}
        </Button>
      </form>
    </div>
  );
}
