import { Switch, Textarea } from "@telegram-apps/telegram-ui";
import { useId } from "react";
import { FieldFrame } from "./field-frame";
import "./form-controls.css";

/** The kit's textarea under a visible label, with an optional note (Field's counterpart). */
export function TextAreaField({
  label,
  note,
  value,
  onChange,
  maxLength,
  disabled,
  rows,
}: {
  label: string;
  note?: string;
  value: string;
  onChange: (text: string) => void;
  maxLength?: number;
  disabled: boolean;
  rows?: number;
}) {
  const id = useId();
  return (
    <FieldFrame controlId={id} label={label} messageId={`${id}-note`} note={note}>
      <Textarea
        id={id}
        className="textarea-field"
        value={value}
        rows={rows}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        disabled={disabled}
        aria-describedby={note ? `${id}-note` : undefined}
      />
    </FieldFrame>
  );
}

/** A labelled on/off switch with a note under its label. */
export function SwitchField({
  label,
  note,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  note: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="switch-field">
      <label htmlFor={id} className="switch-field-label">
        <span className="field-label">{label}</span>
        <span className="field-note">{note}</span>
      </label>
      <Switch
        id={id}
        className="switch-field-control app-switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        disabled={disabled}
      />
    </div>
  );
}
