import { Input } from "@telegram-apps/telegram-ui";
import { type InputHTMLAttributes, useId } from "react";
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
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div className="field-control">
        <Input
          id={inputId}
          status={error ? "error" : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          {...input}
        />
      </div>
      {error ? (
        <p id={messageId} className="field-error" role="alert">
          {error}
        </p>
      ) : note ? (
        <p id={messageId} className="field-note">
          {note}
        </p>
      ) : null}
    </div>
  );
}
