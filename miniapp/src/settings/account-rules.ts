import { AVATAR_MAX_BYTES, accountMessages, DELETE_CONFIRMATION_WORD } from "#api/contracts/account";
import type { FieldErrors, FormRules } from "../lib/form-issues";

/** The client's checks before an avatar upload; the server checks the bytes again. */
export function avatarProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return accountMessages.imageRequired;
  if (file.size > AVATAR_MAX_BYTES) return accountMessages.imageTooLarge;
  return null;
}

export interface PasswordChangeFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
  email: string;
}

/** Which fields the form has: the current password only when there is one; email only when missing. */
export interface PasswordChangeShape {
  needsCurrent: boolean;
  needsEmail: boolean;
}

/** The button stays disabled until every field the form shows is filled. */
export function passwordChangeReady(fields: PasswordChangeFields, shape: PasswordChangeShape): boolean {
  return (
    (!shape.needsCurrent || fields.currentPassword !== "") &&
    (!shape.needsEmail || fields.email.trim() !== "") &&
    fields.newPassword !== "" &&
    fields.confirmPassword !== ""
  );
}

/** The form's values as the contract takes them: the current password and the email only when shown. */
export const passwordChangeInput = (fields: PasswordChangeFields, shape: PasswordChangeShape) => ({
  newPassword: fields.newPassword,
  confirmPassword: fields.confirmPassword,
  ...(shape.needsCurrent ? { currentPassword: fields.currentPassword } : {}),
  ...(shape.needsEmail ? { email: fields.email } : {}),
});

/** How the form meets changePasswordSchema: the match is said even while the length fails. */
export const passwordChangeRules = (shape: PasswordChangeShape): FormRules<PasswordChangeFields> => ({
  input: (fields) => passwordChangeInput(fields, shape),
  matches: { field: "confirmPassword", of: "newPassword", message: accountMessages.newPasswordsDontMatch },
});

/** The one message the form shows, in this order: the email, then the match, then the new password. */
const shownFirst: (keyof PasswordChangeFields)[] = [
  "email",
  "confirmPassword",
  "newPassword",
  "currentPassword",
];

/**
 * The one message the form shows for the contract's refusal, and its field (none for a refusal of
 * no field the form shows).
 */
export function passwordChangeProblem(
  fields: FieldErrors,
  first: string | null,
): { field: keyof PasswordChangeFields | null; message: string } {
  for (const field of shownFirst) {
    const message = fields[field];
    if (message) return { field, message };
  }
  return { field: null, message: first ?? "" };
}

const normalise = (text: string) => text.trim().toLowerCase();

/** What the person types to delete: their email, or DELETE for an account without one. */
export const deleteConfirmationWord = (email: string | null): string => email ?? DELETE_CONFIRMATION_WORD;

/** Equal ignoring case and spaces around, as the API judges it too. */
export function deleteConfirmed(typed: string, email: string | null): boolean {
  return normalise(typed) === normalise(deleteConfirmationWord(email));
}
