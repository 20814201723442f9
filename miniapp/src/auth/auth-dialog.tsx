import { Button, Cell, Checkbox, SegmentedControl } from "@telegram-apps/telegram-ui";
import { useAtom } from "jotai";
import { useCallback, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { authMessages, loginSchema, signUpSchema } from "#api/contracts/auth";
import { BottomSheet } from "../components/bottom-sheet";
import { EmailField, Field, PasswordField, PasswordFields } from "../components/field";
import type { AppTextKey } from "../i18n/i18n";
import { useT } from "../i18n/use-t";
import { api, call, errorMessage, LoadError } from "../lib/api";
import { toast } from "../lib/toast";
import { useContractForm } from "../lib/use-contract-form";
import { acceptSession } from "../state/auth";
import { type AuthTab, authTabAtom, openDrawerAtom } from "../state/drawers";
import "./auth-dialog.css";
import { forgetReferralCode, keptReferralCode } from "../state/referral-code";

interface SignUpValues {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  ageConfirmed: boolean;
}
const emptySignUp: SignUpValues = {
  fullName: "",
  email: "",
  password: "",
  confirmPassword: "",
  ageConfirmed: false,
};

function SignUpForm({
  onAccountExists,
  onDone,
}: {
  onAccountExists: (email: string) => void;
  onDone: () => void;
}) {
  const { t, tm } = useT();
  const form = useContractForm(signUpSchema, emptySignUp, {
    input: (values) => ({ ...values, fullName: values.fullName.trim() || undefined }),
    matches: { field: "confirmPassword", of: "password", message: authMessages.passwordsDontMatch },
  });
  const { values, errors } = form;

  // The same contract the API enforces: the same rules, the same messages.
  const submit = form.submit(async (data) => {
    try {
      const session = await call(
        api.auth.signup.$post({ json: { ...data, referralCode: keptReferralCode() } }),
      );
      forgetReferralCode();
      toast.success(t("signUp.welcome"), { description: t("signUp.welcomeText") });
      form.setValues(emptySignUp);
      onDone();
      acceptSession(session);
    } catch (error) {
      // An address another account proved, or another web sign-up claims (decision 097).
      if (error instanceof LoadError && error.reason === "account_exists") {
        toast.error(t("signUp.accountExists"), { description: tm(authMessages.accountExists) });
        onAccountExists(data.email);
      } else {
        toast.error(t("signUp.error"), { description: errorMessage(error) });
      }
    }
  });

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t("signUp.title")}>
      <Field label={t("signUp.fullName")} name="fullName" autoComplete="name" {...form.input("fullName")} />
      <EmailField {...form.text("email")} />
      <PasswordFields password={form.text("password")} confirmation={form.text("confirmPassword")} />
      <div className="field">
        <Cell
          Component="label"
          className="checkbox"
          multiline
          before={
            <Checkbox
              name="ageConfirmed"
              checked={values.ageConfirmed}
              onChange={(e) => form.set("ageConfirmed", e.target.checked)}
              aria-invalid={errors.ageConfirmed ? true : undefined}
            />
          }
        >
          {t("signUp.ageConfirm")}
        </Cell>
        {errors.ageConfirmed ? (
          <p className="field-error" role="alert">
            {tm(errors.ageConfirmed)}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="l" stretched disabled={form.busy}>
        {form.busy ? t("signUp.creating") : t("signUp.title")}
      </Button>
    </form>
  );
}

function LoginForm({ initialEmail, onDone }: { initialEmail: string; onDone: () => void }) {
  const { t, tm } = useT();
  const form = useContractForm(loginSchema, { email: initialEmail, password: "" });

  const submit = form.submit(async (data) => {
    try {
      const session = await call(api.auth.login.$post({ json: data }));
      toast.success(t("signIn.welcomeBack"), { description: t("signIn.welcomeBackText") });
      onDone();
      acceptSession(session);
    } catch (error) {
      if (error instanceof LoadError && error.reason === "invalid_credentials") {
        toast.error(t("signIn.failed"), { description: tm(authMessages.invalidCredentials) });
      } else {
        // 429 says when to try again.
        toast.error(t("signIn.failed"), { description: errorMessage(error) });
      }
    }
  });

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t("signIn.title")}>
      <EmailField {...form.text("email")} />
      <PasswordField
        label={t("signIn.password")}
        autoComplete="current-password"
        {...form.text("password")}
      />
      <Link to="/forgot-password" className="form-link" onClick={onDone}>
        {t("signIn.forgotPassword")}
      </Link>
      <Button type="submit" size="l" stretched disabled={form.busy}>
        {form.busy ? t("signIn.loggingIn") : t("signIn.title")}
      </Button>
    </form>
  );
}

const titles: Record<AuthTab, AppTextKey> = { login: "auth.loginTitle", signup: "auth.signupTitle" };

/** The auth dialog: login and sign-up tabs and a switch link between them. */
export default function AuthDialog() {
  const { t } = useT();
  const [openDrawer, setOpenDrawer] = useAtom(openDrawerAtom);
  const [tab, setTab] = useAtom(authTabAtom);
  const [loginEmail, setLoginEmail] = useState("");
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const hide = useCallback(() => setOpenDrawer(null), [setOpenDrawer]);
  // Closed by the person: /auth is the dialog's own page, so closing it there goes home.
  const close = useCallback(() => {
    setOpenDrawer(null);
    if (pathname === "/auth") navigate("/", { replace: true });
  }, [setOpenDrawer, pathname, navigate]);

  const tabs: [AuthTab, string][] = [
    ["login", t("signIn.title")],
    ["signup", t("signUp.title")],
  ];
  return (
    <BottomSheet open={openDrawer === "auth"} onClose={close} title={t(titles[tab])} className="auth-dialog">
      <SegmentedControl className="tabs" aria-label={t("auth.account")}>
        {tabs.map(([key, label]) => (
          <SegmentedControl.Item
            key={key}
            type="button"
            id={`auth-tab-${key}`}
            selected={tab === key}
            aria-selected={tab === key}
            aria-controls={`auth-panel-${key}`}
            className="tab"
            onClick={() => setTab(key)}
          >
            {label}
          </SegmentedControl.Item>
        ))}
      </SegmentedControl>
      <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
        {tab === "login" ? (
          <LoginForm key={loginEmail} initialEmail={loginEmail} onDone={hide} />
        ) : (
          <SignUpForm
            onAccountExists={(email) => {
              setLoginEmail(email);
              setTab("login");
            }}
            onDone={hide}
          />
        )}
      </div>
      <p className="switch-line">
        {tab === "login" ? t("auth.noAccount") : t("auth.haveAccount")}{" "}
        <Button
          type="button"
          mode="plain"
          size="m"
          className="text-button"
          onClick={() => setTab(tab === "login" ? "signup" : "login")}
        >
          {tab === "login" ? t("auth.switchToSignUp") : t("auth.switchToLogin")}
        </Button>
      </p>
    </BottomSheet>
  );
}
