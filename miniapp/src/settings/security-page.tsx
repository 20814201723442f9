import { Button } from "@telegram-apps/telegram-ui";
import { MailCheck, Send } from "lucide-react";
import { useState } from "react";
import { changePasswordSchema, type TelegramLink } from "#api/contracts/account";
import type { Me } from "#api/contracts/me";
import { EmailField, Field, PasswordField, PasswordFields } from "../components/field";
import { PageHeader } from "../components/page-header";
import { useT } from "../i18n/use-t";
import { api, call, errorMessage, LoadError } from "../lib/api";
import { toast } from "../lib/toast";
import { useContractForm } from "../lib/use-contract-form";
import { signedInUser, updateMe, useAuth } from "../state/auth";
import { openOutside } from "../telegram/controls";
import {
  type PasswordChangeFields,
  passwordChangeProblem,
  passwordChangeReady,
  passwordChangeRules,
} from "./account-rules";
import "./security-page.css";

const emptyFields: PasswordChangeFields = {
  currentPassword: "",
  newPassword: "",
  confirmPassword: "",
  email: "",
};

function PasswordForm({ me }: { me: Me }) {
  const { t, tm } = useT();
  const shape = { needsCurrent: me.hasPassword, needsEmail: !me.email };
  const form = useContractForm(changePasswordSchema, emptyFields, passwordChangeRules(shape));
  const ready = passwordChangeReady(form.values, shape);
  // One message at a time: the one the contract's refusal or the server's answer is about.
  const fail = (field: keyof PasswordChangeFields | null, message: string) =>
    form.setErrors(field ? { [field]: message } : {});

  const submit = form.submit(
    async (data) => {
      try {
        updateMe(await call(api.me.password.$post({ json: data })));
        form.setValues(emptyFields);
        toast.success(t("security.passwordUpdated"));
      } catch (failed) {
        toast.error(t("security.error"), { description: errorMessage(failed) });
        // Said where it is wrong too, so the person knows which field to fix.
        if (failed instanceof LoadError && failed.reason === "wrong_current_password") {
          fail("currentPassword", failed.message);
        } else if (failed instanceof LoadError && failed.reason === "email_taken") {
          fail("email", failed.message);
        }
      }
    },
    (refusal) => {
      const problem = passwordChangeProblem(refusal.fields, refusal.first);
      fail(problem.field, problem.message);
      toast.error(t("security.error"), { description: tm(problem.message) });
    },
  );

  return (
    <form
      className="form"
      onSubmit={(event) => (ready ? submit(event) : event.preventDefault())}
      noValidate
      aria-label={me.hasPassword ? t("security.changePasswordForm") : t("security.setPasswordForm")}
    >
      <h2 className="section-title">
        {me.hasPassword ? t("security.changePassword") : t("security.setPassword")}
      </h2>
      {!me.hasPassword ? (
        <p className="hint">{me.email ? t("security.addPassword") : t("security.addEmailAndPassword")}</p>
      ) : null}
      {shape.needsEmail ? <EmailField {...form.text("email")} /> : null}
      {shape.needsCurrent ? (
        <PasswordField
          label={t("security.currentPassword")}
          autoComplete="current-password"
          {...form.text("currentPassword")}
        />
      ) : null}
      <PasswordFields fresh password={form.text("newPassword")} confirmation={form.text("confirmPassword")} />
      <Button type="submit" size="l" stretched disabled={!ready || form.busy}>
        {form.busy
          ? t("security.updating")
          : me.hasPassword
            ? t("security.updatePassword")
            : t("security.setPasswordButton")}
      </Button>
    </form>
  );
}

/** The email's proof: only a verified email can carry a role from ADMIN_EMAILS. */
function EmailVerification({ me }: { me: Me }) {
  const { t } = useT();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  if (me.emailVerified) {
    return (
      <p className="hint linked-note" data-testid="email-verified">
        <MailCheck size={16} aria-hidden="true" /> {t("security.emailVerified")}
      </p>
    );
  }
  const send = async () => {
    setBusy(true);
    try {
      await call(api.me["email-verification"].$post());
      setSent(true);
      toast.success(t("security.linkSent"), {
        description: t("security.linkSentText", { email: me.email ?? "" }),
      });
    } catch (failed) {
      toast.error(t("security.error"), { description: errorMessage(failed) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="form" aria-label={t("security.emailVerification")} data-testid="email-unverified">
      <p className="hint">
        {t("security.emailNotVerified")} {sent ? t("security.checkInbox") : t("security.sendLinkHint")}
      </p>
      <Button type="button" mode="bezeled" size="m" onClick={send} disabled={busy}>
        {busy ? t("security.sending") : sent ? t("security.sendAgain") : t("security.sendLink")}
      </Button>
    </section>
  );
}

/** A web account joins its Telegram through a one-time deep link to the bot. */
function LinkTelegram() {
  const { t } = useT();
  const [link, setLink] = useState<TelegramLink | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    setBusy(true);
    try {
      const created = await call(api.me["telegram-link"].$post());
      setLink(created);
      openOutside(created.url);
    } catch (failed) {
      toast.error(t("security.error"), { description: errorMessage(failed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="form" aria-label="Telegram">
      <h2 className="section-title">Telegram</h2>
      <p className="hint">{t("security.linkTelegramHint")}</p>
      <Button
        type="button"
        mode="bezeled"
        size="l"
        stretched
        onClick={open}
        disabled={busy}
        before={<Send size={18} aria-hidden="true" />}
      >
        {busy ? t("security.opening") : t("security.linkTelegram")}
      </Button>
      {link ? (
        <p className="hint" data-testid="telegram-link">
          {t("security.didntOpen")}{" "}
          <a href={link.url} target="_blank" rel="noopener noreferrer">
            {t("security.openBot")}
          </a>{" "}
          {t("security.pressStart")}
        </p>
      ) : null}
    </section>
  );
}

/** /settings/security: the email (read-only, or added here by a Telegram-only account) and the password. */
export default function SecurityPage() {
  const { t } = useT();
  const me = signedInUser(useAuth());
  if (!me) return null;
  return (
    <div className="page settings-page">
      <PageHeader title={t("security.title")} back="/settings" />
      {me.email ? (
        <>
          <Field
            label={t("security.email")}
            name="current-email"
            value={me.email}
            readOnly
            className="form-block"
          />
          <EmailVerification me={me} />
        </>
      ) : null}
      <PasswordForm me={me} />
      {me.telegramId ? (
        <p className="hint linked-note" data-testid="telegram-linked">
          {me.telegramUsername
            ? t("security.telegramLinkedAs", { username: me.telegramUsername })
            : t("security.telegramLinked")}
        </p>
      ) : (
        <LinkTelegram />
      )}
    </div>
  );
}
