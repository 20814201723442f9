import { type ChangeEvent, type FormEvent, useState } from "react";
import {
  type Checked,
  type Contract,
  checkWith,
  errorsAfterEdit,
  type FieldErrors,
  type FormRules,
  showValidationError,
} from "./form-issues";

/** The keys of V whose values are text (the ones an input edits). */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * One form's state, checked by the contract the API enforces (`#api/contracts/...`): its values,
 * the message per field, and whether it is being sent. The contract is the only place a field's
 * rule and message are written; the form asks it on submit (`check()`), never before.
 */
export function useContractForm<V extends object, T>(
  contract: Contract<T>,
  initial: V | (() => V),
  rules: FormRules<V> = {},
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof V & string>(key: K, value: V[K]) => {
    setValues((all) => ({ ...all, [key]: value }));
    if (rules.clearOnEdit) setErrors((all) => errorsAfterEdit(all, key, rules));
  };

  /** The contract's verdict on the values as they are; its messages are shown per field. */
  const check = (): Checked<T> => {
    const checked = checkWith(contract, values, rules);
    if (!checked.ok) setErrors(checked.fields);
    else if (!rules.keepErrorsOnPass) setErrors({});
    return checked;
  };

  /**
   * The form's onSubmit: the contract's check, then `send` with its output while the form is busy.
   * A refusal is said by `refused`: the "Validation Error" toast unless the screen says it otherwise.
   */
  const submit =
    (
      send: (data: T) => Promise<unknown>,
      refused: (failure: Extract<Checked<T>, { ok: false }>) => void = (failure) =>
        showValidationError(failure.first),
    ) =>
    async (event?: FormEvent) => {
      event?.preventDefault();
      const checked = check();
      if (!checked.ok) {
        refused(checked);
        return;
      }
      setBusy(true);
      try {
        await send(checked.data);
      } finally {
        setBusy(false);
      }
    };

  return {
    values,
    set,
    setValues,
    errors,
    setErrors,
    check,
    submit,
    busy,
    setBusy,
    /** For EmailField, PasswordField and the like: the field's name, value, change and message. */
    text: <K extends TextKey<V>>(key: K) => ({
      name: key,
      value: values[key] as string,
      onChange: (value: string) => set(key, value as V[K]),
      error: errors[key],
    }),
    /** For Field (the kit's input): its value, change event and message. */
    input: <K extends TextKey<V>>(key: K) => ({
      value: values[key] as string,
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value as V[K]),
      error: errors[key],
    }),
  };
}
