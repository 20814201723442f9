import { Button } from "@telegram-apps/telegram-ui";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { passwordResetRequestSchema } from "#api/contracts/auth";
import { EmailField } from "../components/field";
import { api, call, errorMessage } from "../lib/api";
import { toast } from "../lib/toast";
import { useContractForm } from "../lib/use-contract-form";
import "./password-pages.css";

/** Forgot password: one email field; the answer is the same whether or not it has an account. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const form = useContractForm(passwordResetRequestSchema, { email: "" });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.submit(async (data) => {
    try {
      await call(api.auth["password-reset"].$post({ json: data }));
      setSentTo(data.email);
      toast.success("Check your email", { description: "We've sent you a password reset link." });
    } catch (failed) {
      toast.error("Error", { description: errorMessage(failed) });
    }
  });

  if (sentTo) {
    return (
      <div className="page centered-page" data-testid="reset-sent">
        <MailCheck size={44} className="state-icon" aria-hidden="true" />
        <h1 className="page-title">Check your email</h1>
        <p className="hint">We've sent a password reset link to {sentTo}</p>
        <Button type="button" size="l" onClick={() => navigate("/")}>
          Return to Home
        </Button>
      </div>
    );
  }

  return (
    <div className="page narrow-page">
      <h1 className="page-title">Forgot password?</h1>
      <p className="hint page-lead">Enter your email and we'll send you a link to reset your password.</p>
      <form className="form" onSubmit={submit} noValidate aria-label="Forgot password">
        <EmailField {...form.text("email")} />
        <Button type="submit" size="l" stretched disabled={form.busy}>
          {form.busy ? "Sending..." : "Send Reset Link"}
        </Button>
        <Button type="button" mode="bezeled" size="l" stretched onClick={() => navigate("/")}>
          Cancel
        </Button>
      </form>
    </div>
  );
}
