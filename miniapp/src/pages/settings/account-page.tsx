import { LogOut, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Field } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { deleteConfirmationWord, deleteConfirmed } from "../../lib/account-rules";
import { api, errorMessage, failure } from "../../lib/api";
import { forgetSession, signedInUser, signOut, useAuth } from "../../state/auth";

/** /settings/account: Sign Out, and Delete Account confirmed by typing the email (or DELETE). */
export default function AccountPage() {
  const me = signedInUser(useAuth());
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
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
        description: me.email
          ? "Please enter your email address correctly to confirm deletion."
          : "Please type DELETE to confirm deletion.",
      });
      return;
    }
    setBusy("delete");
    try {
      const response = await api.me.$delete({ json: { confirmation: typed } });
      if (!response.ok) throw await failure(response);
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
        <button
          type="button"
          className="button button-secondary button-block"
          onClick={leave}
          disabled={busy !== null}
        >
          <LogOut size={18} aria-hidden="true" />
          {busy === "sign-out" ? "Signing out..." : "Sign Out"}
        </button>
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
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button
          type="submit"
          className="button button-danger button-block"
          disabled={!typed.trim() || busy !== null}
        >
          <Trash2 size={18} aria-hidden="true" />
          {busy === "delete" ? "Deleting..." : "Delete Account"}
        </button>
      </form>
    </div>
  );
}
