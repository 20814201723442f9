import type { ReactNode } from "react";

/**
 * A field's frame: the visible label (the kit shows its own header only on Android), the control,
 * and its error (announced, `messageId` for the control's aria-describedby) or else its note under it.
 */
export function FieldFrame({
  controlId,
  label,
  messageId,
  error,
  note,
  className,
  children,
}: {
  controlId: string;
  label: string;
  messageId: string;
  error?: string | null | undefined;
  note?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label htmlFor={controlId} className="field-label">
        {label}
      </label>
      <div className="field-control">{children}</div>
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
