import { describe, expect, it } from "vitest";
import { changePasswordSchema } from "../../api/contracts/account";
import { authMessages, signUpSchema } from "../../api/contracts/auth";
import { formatEffectiveDate, formatShortDate } from "../../miniapp/src/lib/dates";
import { checkWith, issuesByField } from "../../miniapp/src/lib/form-issues";
import { firstLoadMessages } from "../../miniapp/src/lib/messages";
import {
  avatarProblem,
  deleteConfirmationWord,
  deleteConfirmed,
  type PasswordChangeFields,
  type PasswordChangeShape,
  passwordChangeProblem,
  passwordChangeReady,
  passwordChangeRules,
} from "../../miniapp/src/settings/account-rules";

const MB = 1024 * 1024;

describe("avatar checks", () => {
  it("wants an image of at most 5MB", () => {
    expect(avatarProblem({ type: "application/pdf", size: 10 })).toBe("Please select an image file");
    expect(avatarProblem({ type: "", size: 10 })).toBe("Please select an image file");
    expect(avatarProblem({ type: "image/png", size: 5 * MB + 1 })).toBe("Image must be less than 5MB");
    expect(avatarProblem({ type: "image/jpeg", size: 5 * MB })).toBeNull();
  });
});

describe("password change", () => {
  const filled = { currentPassword: "old", newPassword: "secret", confirmPassword: "secret", email: "" };
  const withCurrent = { needsCurrent: true, needsEmail: false };
  const telegramOnly = { needsCurrent: false, needsEmail: true };
  it("is ready only when every shown field is filled", () => {
    expect(passwordChangeReady(filled, withCurrent)).toBe(true);
    expect(passwordChangeReady({ ...filled, currentPassword: "" }, withCurrent)).toBe(false);
    expect(passwordChangeReady({ ...filled, confirmPassword: "" }, withCurrent)).toBe(false);
    // A Telegram-only account: no current password, an email instead.
    expect(passwordChangeReady({ ...filled, currentPassword: "" }, telegramOnly)).toBe(false);
    expect(passwordChangeReady({ ...filled, currentPassword: "", email: "a@b.co" }, telegramOnly)).toBe(true);
  });

  // What the form shows: the contract's one message on its field, or the data to send.
  const problemOf = (fields: PasswordChangeFields, shape: PasswordChangeShape) => {
    const checked = checkWith(changePasswordSchema, fields, passwordChangeRules(shape));
    return checked.ok ? checked.data : passwordChangeProblem(checked.fields, checked.first);
  };

  it("checks the match first, then the 6-character minimum (the contract's rules and messages)", () => {
    expect(problemOf({ ...filled, newPassword: "abc", confirmPassword: "abd" }, withCurrent)).toEqual({
      field: "confirmPassword",
      message: "New passwords do not match.",
    });
    expect(problemOf({ ...filled, newPassword: "abc", confirmPassword: "abc" }, withCurrent)).toEqual({
      field: "newPassword",
      message: "Password must be at least 6 characters.",
    });
    expect(problemOf({ ...filled, newPassword: "abcdef", confirmPassword: "abcdef" }, withCurrent)).toEqual({
      newPassword: "abcdef",
      confirmPassword: "abcdef",
      currentPassword: "old",
    });
  });

  it("checks a Telegram-only account's email before the passwords, and sends it trimmed", () => {
    const noEmail = { ...filled, currentPassword: "", newPassword: "abc", confirmPassword: "abd" };
    expect(problemOf({ ...noEmail, email: "nope" }, telegramOnly)).toEqual({
      field: "email",
      message: authMessages.invalidEmail,
    });
    expect(problemOf({ ...noEmail, email: " a@b.co " }, telegramOnly)).toMatchObject({
      field: "confirmPassword",
    });
    expect(problemOf({ ...filled, currentPassword: "", email: " a@b.co " }, telegramOnly)).toEqual({
      newPassword: "secret",
      confirmPassword: "secret",
      email: "a@b.co",
    });
  });
});

describe("delete confirmation", () => {
  it("is the email, ignoring case and spaces around", () => {
    expect(deleteConfirmed("  Me@Example.COM ", "me@example.com")).toBe(true);
    expect(deleteConfirmed("me@example.co", "me@example.com")).toBe(false);
    expect(deleteConfirmed("", "me@example.com")).toBe(false);
  });

  it("is DELETE for an account without an email", () => {
    expect(deleteConfirmationWord(null)).toBe("DELETE");
    expect(deleteConfirmed("delete", null)).toBe(true);
    expect(deleteConfirmed("remove", null)).toBe(false);
  });
});

describe("form issues", () => {
  it("gives the first message for the toast and one per field", () => {
    const parsed = signUpSchema.safeParse({
      email: "nope",
      password: "short",
      confirmPassword: "",
      ageConfirmed: false,
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const { first, fields } = issuesByField(parsed.error.issues);
    expect(first).toBe(authMessages.invalidEmail);
    expect(fields.email).toBe(authMessages.invalidEmail);
    expect(fields.password).toBe(authMessages.passwordMin);
    expect(fields.ageConfirmed).toBe(authMessages.ageRequired);
  });

  it("puts the mismatch on the confirmation field", () => {
    const parsed = signUpSchema.safeParse({
      email: "a@b.co",
      password: "Secret123",
      confirmPassword: "Secret124",
      ageConfirmed: true,
    });
    if (parsed.success) throw new Error("should fail");
    expect(issuesByField(parsed.error.issues).fields).toEqual({ confirmPassword: "Passwords don't match" });
  });
});

describe("first-load texts", () => {
  it("are the spec's sentences", () => {
    expect(firstLoadMessages.ageRequired).toBe("You must be 21+ to join");
    expect(firstLoadMessages.landingAgeNotice).toBe("You must be 21+ to join.");
    expect(firstLoadMessages.ageLabel).toBe("I confirm I am 21 years or older");
  });
});

describe("dates", () => {
  it("shows an effective date as written, whatever the time zone", () => {
    expect(formatEffectiveDate("2025-06-01")).toBe("June 1, 2025");
    expect(formatEffectiveDate("2024-12-31")).toBe("December 31, 2024");
    expect(formatEffectiveDate("soon")).toBe("soon");
  });

  it("shows an order date as MM/dd/yyyy", () => {
    expect(formatShortDate(new Date(2025, 5, 3, 12).toISOString())).toBe("06/03/2025");
    expect(formatShortDate("garbage")).toBe("garbage");
  });
});
