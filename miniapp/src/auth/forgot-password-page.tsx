import { Button } from "@telegram-apps/telegram-ui";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { passwordResetRequestSchema } from "#api/contracts/auth";
import { EmailField } from "../components/field";
import { useT } from "../i18n/use-t";
import { api, call, errorMessage } from "../lib/api";
import { toast } from "../lib/toast";
import { useContractForm } from "../lib/use-contract-form";
import "./password-pages.css";

/** Forgot password: one email field; the answer is the same whether or not it has an account. */
export default function ForgotPasswordPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const form = useContractForm(passwordResetRequestSchema, { email: "" });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.submit(async (data) => {
    try {
      await call(api.auth["password-reset"].$post({ json: data }));
      setSentTo(data.email);
      toast.success(t("reset.checkEmail"), { description: t("reset.linkSent") });
    } catch (failed) {
      toast.error(t("reset.error"), { description: errorMessage(failed) });
    }
  });

  if (sentTo) {
    return (
      <div className="page centered-page" data-testid="reset-sent">
        <MailCheck size={44} className="state-icon" aria-hidden="true" />
        <h1 className="page-title">{t("reset.checkEmail")}</h1>
        <p className="hint">{t("reset.linkSentTo", { email: sentTo })}</p>
        <Button type="button" size="l" onClick={() => navigate("/")}>
          {t("reset.returnHome")}
        </Button>
      </div>
    );
  }

  return (
    <div className="page narrow-page">
      <h1 className="page-title">{t("reset.forgotTitle")}</h1>
      <p className="hint page-lead">{t("reset.forgotLead")}</p>
      <form className="form" onSubmit={submit} noValidate aria-label={t("reset.forgotTitle")}>
        <EmailField {...form.text("email")} />
        <Button type="submit" size="l" stretched disabled={form.busy}>
          {form.busy ? t("reset.sending") : t("reset.sendLink")}
        </Button>
        <Button type="button" mode="bezeled" size="l" stretched onClick={() => navigate("/")}>
          {t("reset.cancel")}
        </Button>
      </form>
    </div>
  );
}
