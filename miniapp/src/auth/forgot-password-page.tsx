import { Button } from "@telegram-apps/telegram-ui";
import { MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { passwordResetRequestSchema } from "#api/contracts/auth";
import { EmailField } from "../components/field";
import { api, call, errorMessage } from "../lib/api";
import { validateForm } from "../lib/form-issues";
import { toast } from "../lib/toast";
import "./password-pages.css";

/** Forgot password: one email field; the answer is the same whether or not it has an account. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = validateForm(passwordResetRequestSchema, { email });
    if (!parsed.ok) {
      setError(parsed.fields.email ?? null);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await call(api.auth["password-reset"].$post({ json: parsed.data }));
      setSentTo(parsed.data.email);
      toast.success("Check your email", { description: "We've sent you a password reset link." });
    } catch (failed) {
      toast.error("Error", { description: errorMessage(failed) });
    } finally {
      setBusy(false);
    }
  };

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
        <EmailField label="Email" name="email" value={email} onChange={setEmail} error={error} />
        <Button type="submit" size="l" stretched disabled={busy}>
          {busy ? "Sending..." : "Send Reset Link"}
        </Button>
        <Button type="button" mode="bezeled" size="l" stretched onClick={() => navigate("/")}>
          Cancel
        </Button>
      </form>
    </div>
  );
}
