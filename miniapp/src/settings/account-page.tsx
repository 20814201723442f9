import { Button } from "@telegram-apps/telegram-ui";
import { LogOut, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { accountMessages, deleteAccountSchema } from "#api/contracts/account";
import { Field } from "../components/field";
import { PageHeader } from "../components/page-header";
import { useT } from "../i18n/use-t";
import { api, call, errorMessage } from "../lib/api";
import { toast } from "../lib/toast";
import { useContractForm } from "../lib/use-contract-form";
import { forgetSession, signedInUser, signOut, useAuth } from "../state/auth";
import { deleteConfirmationWord, deleteConfirmed } from "./account-rules";
import "./account-page.css";

/** /settings/account: Sign Out, and Delete Account confirmed by typing the email (or DELETE). */
export default function AccountPage() {
  const { t, tm } = useT();
  const me = signedInUser(useAuth());
  const navigate = useNavigate();
  const form = useContractForm(deleteAccountSchema, { confirmation: "" });
  const typed = form.values.confirmation;
  const [busy, setBusy] = useState<"sign-out" | "delete" | null>(null);
  if (!me) return null;
  const word = deleteConfirmationWord(me.email);

  const leave = async () => {
    setBusy("sign-out");
    try {
      // Home first, synchronously: this page needs a signed-in user and would send the person to /auth.
      await signOut(() => navigate("/", { replace: true, flushSync: true }));
      toast.success(t("account.signedOut"));
    } catch (failed) {
      toast.error(t("account.signOutFailed"), { description: errorMessage(failed) });
      setBusy(null);
    }
  };

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    if (!deleteConfirmed(typed, me.email)) {
      toast.error(me.email ? t("account.emailMismatch") : t("account.confirmationMismatch"), {
        description: tm(me.email ? accountMessages.deleteEmailMismatch : accountMessages.deleteTypeDelete),
      });
      return;
    }
    setBusy("delete");
    try {
      await call(api.me.$delete({ json: { confirmation: typed } }));
      await navigate("/", { replace: true, flushSync: true });
      forgetSession();
      toast.success(t("account.deleted"), { description: t("account.deletedText") });
    } catch (failed) {
      toast.error(t("account.error"), { description: errorMessage(failed) });
      setBusy(null);
    }
  };

  return (
    <div className="page settings-page">
      <PageHeader title={t("account.title")} back="/settings" />
      <section className="form">
        <h2 className="section-title">{t("account.signOut")}</h2>
        <p className="hint">{t("account.signOutHint")}</p>
        <Button
          type="button"
          mode="bezeled"
          size="l"
          stretched
          onClick={leave}
          disabled={busy !== null}
          before={<LogOut size={18} aria-hidden="true" className="dir-flip" />}
        >
          {busy === "sign-out" ? t("account.signingOut") : t("account.signOut")}
        </Button>
      </section>
      <form className="form danger-zone" onSubmit={remove} noValidate aria-label={t("account.delete")}>
        <h2 className="section-title">{t("account.delete")}</h2>
        <p className="hint">{t("account.deleteHint")}</p>
        <Field
          label={me.email ? t("account.typeEmail", { email: me.email }) : t("account.typeDelete", { word })}
          name="confirmation"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={word}
          {...form.input("confirmation")}
        />
        <Button
          type="submit"
          mode="bezeled"
          size="l"
          stretched
          className="button-destructive"
          disabled={!typed.trim() || busy !== null}
          before={<Trash2 size={18} aria-hidden="true" />}
        >
          {busy === "delete" ? t("account.deleting") : t("account.delete")}
        </Button>
      </form>
    </div>
  );
}
