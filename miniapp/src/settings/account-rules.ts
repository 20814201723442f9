import { AVATAR_MAX_BYTES, accountMessages, DELETE_CONFIRMATION_WORD } from "#api/contracts/account";

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

/** The checks, in this order: the two must match, then at least 6 characters. */
export function passwordChangeProblem(fields: Pick<PasswordChangeFields, "newPassword" | "confirmPassword">) {
  if (fields.newPassword !== fields.confirmPassword) return accountMessages.newPasswordsDontMatch;
  if (fields.newPassword.length < 6) return accountMessages.passwordChangeMin;
  return null;
}

const normalise = (text: string) => text.trim().toLowerCase();

/** What the person types to delete: their email, or DELETE for an account without one. */
export const deleteConfirmationWord = (email: string | null): string => email ?? DELETE_CONFIRMATION_WORD;

/** Equal ignoring case and spaces around, as the API judges it too. */
export function deleteConfirmed(typed: string, email: string | null): boolean {
  return normalise(typed) === normalise(deleteConfirmationWord(email));
}
