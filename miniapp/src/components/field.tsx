import { Input } from "@telegram-apps/telegram-ui";
import { type InputHTMLAttributes, useId } from "react";
import { useT } from "../i18n/use-t";
import { FieldFrame } from "./field-frame";
import "./field.css";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "size"> {
  label: string;
  error?: string | null | undefined;
  note?: string;
}

/**
 * The kit's input under a visible label (the kit shows its own header only on Android), with its
 * error (announced, and linked to the input) or a note under it.
 */
export function Field({ label, error, note, id, className, ...input }: FieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const messageId = `${inputId}-message`;
  const message = error ?? note;
  return (
    <FieldFrame
      controlId={inputId}
      label={label}
      messageId={messageId}
      error={error}
      note={note}
      className={className}
    >
      <Input
        id={inputId}
        status={error ? "error" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...input}
      />
    </FieldFrame>
  );
}

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
}

/** An email address ("Email" unless labelled otherwise): the keyboard and the autofill an address wants. */
export function EmailField({
  onChange,
  label,
  ...field
}: Omit<TextFieldProps, "label"> & { label?: string }) {
  const { t } = useT();
  return (
    <Field
      type="email"
      autoComplete="email"
      inputMode="email"
      onChange={(event) => onChange(event.target.value)}
      label={label ?? t("field.email")}
      {...field}
    />
  );
}

/** A password: the one the user has (`current-password`) or a new one, as password managers read it. */
export function PasswordField({
  onChange,
  autoComplete,
  ...field
}: TextFieldProps & { autoComplete: "current-password" | "new-password" }) {
  return (
    <Field
      type="password"
      autoComplete={autoComplete}
      onChange={(event) => onChange(event.target.value)}
      {...field}
    />
  );
}

/**
 * A new password and its confirmation, as sign-up, the reset and Password and Security ask for them:
 * "Password" and "Confirm Password", or (`fresh`, replacing one) "New Password" and "Confirm New Password".
 */
export function PasswordFields({
  fresh = false,
  password,
  confirmation,
}: {
  fresh?: boolean;
  password: Omit<TextFieldProps, "label">;
  confirmation: Omit<TextFieldProps, "label">;
}) {
  const { t } = useT();
  return (
    <>
      <PasswordField
        label={fresh ? t("field.newPassword") : t("field.password")}
        autoComplete="new-password"
        {...password}
      />
      <PasswordField
        label={fresh ? t("field.confirmNewPassword") : t("field.confirmPassword")}
        autoComplete="new-password"
        {...confirmation}
      />
    </>
  );
}
