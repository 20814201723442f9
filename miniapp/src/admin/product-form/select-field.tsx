import { Select } from "@telegram-apps/telegram-ui";
import { useId } from "react";
import { FieldFrame } from "../../components/field-frame";

/** The kit's select under a visible label, with an empty choice first and its error under it. */
export function SelectField({
  label,
  empty,
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  empty: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <FieldFrame controlId={id} label={label} messageId={`${id}-error`} error={error}>
      <Select
        id={id}
        value={value}
        status={error ? "error" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
      >
        <option value="">{empty}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Select>
    </FieldFrame>
  );
}
