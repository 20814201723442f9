import { translateMessage } from "../i18n/i18n";
import { firstLoadMessages } from "./messages";
import { toast } from "./toast";

type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * A contract (a zod schema from `#api/contracts/...`) by its shape: this module and the forms' hook
 * stay free of zod, which loads only with the screens whose contracts need it.
 */
export interface Contract<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

/** A message per field (the first one the contract gives for it). */
export type FieldErrors = Partial<Record<string, string>>;

/** How a form's values meet its contract; every part is optional. */
export interface FormRules<V> {
  /** What the contract checks and the API is sent: the values as the request carries them. */
  input?: (values: V) => unknown;
  /**
   * A confirmation that must equal its field, said on the confirmation even while other fields fail
   * (the contract's own match check runs only once the fields pass). The message is the contract's.
   */
  matches?: { field: keyof V & string; of: keyof V & string; message: string };
  /**
   * Editing a field takes away its message: `true` for the message of the field itself, or the
   * field whose message it takes away. Without it messages stay until the next check.
   */
  clearOnEdit?: boolean | ((key: keyof V & string) => string);
  /** Only the first message is shown, on its field (as the server's one message would be). */
  firstOnly?: boolean;
  /** A check that passes leaves the messages shown (a refusal from the server) until it answers. */
  keepErrorsOnPass?: boolean;
}

export type Checked<T> =
  | { ok: true; data: T; input: unknown }
  | { ok: false; fields: FieldErrors; first: string | null; input: unknown };

/**
 * The first message per field of a zod failure, and the first message overall (the toast's), in
 * the app's language: the contracts write them in English (messages.json translates them).
 */
export function issuesByField(issues: readonly Issue[]): { first: string | null; fields: FieldErrors } {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "");
    if (!(key in fields)) fields[key] = translateMessage(issue.message);
  }
  const first = issues[0]?.message;
  return { first: first === undefined ? null : translateMessage(first), fields };
}

/** Checks a form's values with the contract the API enforces: the data, or the messages per field. */
export function checkWith<V, T>(contract: Contract<T>, values: V, rules: FormRules<V> = {}): Checked<T> {
  const input = rules.input ? rules.input(values) : values;
  const parsed = contract.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data, input };
  const { first, fields } = issuesByField(parsed.error.issues);
  const match = rules.matches;
  if (match && !fields[match.field] && values[match.field] !== values[match.of]) {
    fields[match.field] = translateMessage(match.message);
  }
  if (rules.firstOnly) {
    const key = String(parsed.error.issues[0]?.path[0] ?? "");
    return { ok: false, fields: first === null ? {} : { [key]: first }, first, input };
  }
  return { ok: false, fields, first, input };
}

/** The messages once `key` is edited: the same object when nothing goes. */
export function errorsAfterEdit<V>(
  errors: FieldErrors,
  key: keyof V & string,
  rules: FormRules<V>,
): FieldErrors {
  if (!rules.clearOnEdit) return errors;
  const field = rules.clearOnEdit === true ? key : rules.clearOnEdit(key);
  if (errors[field] === undefined) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** The "Validation Error" toast with the contract's first message, as the auth and profile forms say it. */
export function showValidationError(first: string | null): void {
  toast.error(firstLoadMessages.validationError, { description: first ?? undefined });
}
