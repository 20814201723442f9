import { Input, Select } from "@telegram-apps/telegram-ui";
import { Search } from "lucide-react";

/** A list's search box: a search field with the magnifier, at most 100 characters. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className = "field-control",
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        maxLength={100}
        before={<Search size={18} aria-hidden="true" />}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * One filter of a list: a select over `options` (a value, or a value with its label), led by
 * `any` (the empty value: no filter) when given. It hands back one of the options' values only.
 */
export function FilterSelect<Value extends string>({
  label,
  any,
  options,
  value,
  onChange,
}: {
  label: string;
  any?: string;
  options: readonly (Value | readonly [Value, string])[];
  value: Value | "";
  onChange: (value: Value | "") => void;
}) {
  const choices = options.map((option): readonly [Value, string] =>
    typeof option === "string" ? [option, option] : option,
  );
  return (
    <div className="field-control">
      <Select
        className="select"
        aria-label={label}
        value={value}
        onChange={(event) => onChange(choices.find(([choice]) => choice === event.target.value)?.[0] ?? "")}
      >
        {any === undefined ? null : <option value="">{any}</option>}
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );
}
