import { type InputHTMLAttributes, useId } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null | undefined;
  note?: string;
}

/** A labelled input with its error (announced, and linked to the input) or a note under it. */
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
      <input
        id={inputId}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...input}
      />
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
