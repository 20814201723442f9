import { Button } from "@telegram-apps/telegram-ui";
import { LogOut, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { accountMessages, deleteAccountSchema } from "#api/contracts/account";
import { Field } from "../components/field";
import { PageHeader } from "../components/page-header";
import { api, call, errorMessage } from "../lib/api";
import { toast } from "../lib/toast";
import { useContractForm } from "../lib/use-contract-form";
import { forgetSession, signedInUser, signOut, useAuth } from "../state/auth";
import { deleteConfirmationWord, deleteConfirmed } from "./account-rules";
import "./account-page.css";

/** /settings/account: Sign Out, and Delete Account confirmed by typing the email (or DELETE). */
export default function AccountPage() {
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
      toast.success("Signed out");
    } catch (failed) {
      toast.error("Error signing out", { description: errorMessage(failed) });
      setBusy(null);
    }
  };

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    if (!deleteConfirmed(typed, me.email)) {
      toast.error(me.email ? "Email doesn't match" : "Confirmation doesn't match", {
        description: me.email ? accountMessages.deleteEmailMismatch : accountMessages.deleteTypeDelete,
      });
      return;
    }
    setBusy("delete");
    try {
      await call(api.me.$delete({ json: { confirmation: typed } }));
      await navigate("/", { replace: true, flushSync: true });
      forgetSession();
      toast.success("Account deleted", { description: "Your account and personal data have been removed." });
    } catch (failed) {
      toast.error("Error", { description: errorMessage(failed) });
      setBusy(null);
    }
  };

  return (
    <div className="page settings-page">
      <PageHeader title="Account Actions" back="/settings" />
      <section className="form">
        <h2 className="section-title">Sign Out</h2>
        <p className="hint">End your session on this device.</p>
        <Button
          type="button"
          mode="bezeled"
          size="l"
          stretched
          onClick={leave}
          disabled={busy !== null}
          before={<LogOut size={18} aria-hidden="true" />}
        >
          {busy === "sign-out" ? "Signing out..." : "Sign Out"}
        </Button>
      </section>
      <form className="form danger-zone" onSubmit={remove} noValidate aria-label="Delete Account">
        <h2 className="section-title">Delete Account</h2>
        <p className="hint">
          This permanently deletes your account, your profile and your sign-in details. Past orders are kept
          without your personal data. This cannot be undone.
        </p>
        <Field
          label={me.email ? `Type your email (${me.email}) to confirm` : "Type DELETE to confirm"}
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
          {busy === "delete" ? "Deleting..." : "Delete Account"}
        </Button>
      </form>
    </div>
  );
}
