import { authMessages } from "#api/contracts/messages";
import { firstLoadMessages } from "./messages";
import { toast } from "./toast";

type Issue = { path: readonly PropertyKey[]; message: string };
type SafeParser<T> = {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
};

/** The first message per field of a zod failure, and the first message overall (the toast's). */
export function issuesByField(issues: readonly Issue[]): {
  first: string | null;
  fields: Record<string, string>;
} {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "");
    if (!(key in fields)) fields[key] = issue.message;
  }
  return { first: issues[0]?.message ?? null, fields };
}

/**
 * Checks a form with the contract the API enforces. On failure it shows a "Validation Error" toast
 * with the first message and returns the messages per field for the form to show.
 * With `passwords`, a mismatch is said on the confirmation field even while other fields fail (the
 * contract's match check runs only once the fields pass).
 */
export function validateForm<T>(
  schema: SafeParser<T>,
  values: unknown,
  passwords?: { password: string; confirmation: string },
): { ok: true; data: T } | { ok: false; fields: Record<string, string> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const { first, fields } = issuesByField(parsed.error.issues);
  if (passwords && !fields.confirmPassword && passwords.password !== passwords.confirmation) {
    fields.confirmPassword = authMessages.passwordsDontMatch;
  }
  toast.error(firstLoadMessages.validationError, { description: first ?? undefined });
  return { ok: false, fields };
}
