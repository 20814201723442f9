import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  ageVerificationSchema,
  changePasswordSchema,
  deleteAccountSchema,
  updateProfileSchema,
} from "#api/contracts/account";
import { setRoleSchema } from "#api/contracts/admin";
import {
  loginSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signUpSchema,
  telegramAuthSchema,
} from "#api/contracts/auth";
import { roles } from "#api/contracts/roles";
import { appRole } from "#db/schema/index";

/** The message a form shows: the first issue's. */
const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
const issueAt = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.path.join(".");

const signUp = {
  email: "ada@example.com",
  password: "Lovelace1",
  confirmPassword: "Lovelace1",
  ageConfirmed: true,
};

describe("sign-up contract", () => {
  it("accepts a valid form and trims the email", () => {
    const parsed = signUpSchema.parse({ ...signUp, email: "  ada@example.com  " });
    expect(parsed.email).toBe("ada@example.com");
  });

  it.each([
    [{ email: "not-an-email" }, "Invalid email address"],
    [{ email: "   " }, "Invalid email address"],
    [{ email: undefined }, "Invalid email address"],
    [{ password: "Short1", confirmPassword: "Short1" }, "Password must be at least 8 characters"],
    [{ password: "lowercase1", confirmPassword: "lowercase1" }, "Password must contain an uppercase letter"],
    [{ password: "NoDigitsHere", confirmPassword: "NoDigitsHere" }, "Password must contain a number"],
    [{ confirmPassword: "Lovelace2" }, "Passwords don't match"],
    [{ ageConfirmed: false }, "You must be 21+ to join"],
    [{ ageConfirmed: undefined }, "You must be 21+ to join"],
  ])("%o -> %s", (change, message) => {
    expect(firstMessage(signUpSchema, { ...signUp, ...change })).toBe(message);
  });

  it("puts the mismatch on the confirmation field", () => {
    expect(issueAt(signUpSchema, { ...signUp, confirmPassword: "Other123" })).toBe("confirmPassword");
  });

  it("reports the length rule first when several password rules fail", () => {
    expect(firstMessage(signUpSchema, { ...signUp, password: "abc", confirmPassword: "abc" })).toBe(
      "Password must be at least 8 characters",
    );
  });
});

describe("login contract", () => {
  it.each([
    [{ email: "x", password: "p" }, "Invalid email address"],
    [{ email: "ada@example.com", password: "" }, "Password is required"],
    [{ email: "ada@example.com" }, "Password is required"],
  ])("%o -> %s", (value, message) => {
    expect(firstMessage(loginSchema, value)).toBe(message);
  });

  it("takes any non-empty password (the strength rules are for new passwords)", () => {
    expect(loginSchema.safeParse({ email: "ada@example.com", password: "x" }).success).toBe(true);
  });
});

describe("password change contract", () => {
  const base = { currentPassword: "old", newPassword: "secret6", confirmPassword: "secret6" };
  it.each([
    [{ newPassword: "five5", confirmPassword: "five5" }, "Password must be at least 6 characters."],
    [{ confirmPassword: "secret7" }, "New passwords do not match."],
  ])("%o -> %s", (change, message) => {
    expect(firstMessage(changePasswordSchema, { ...base, ...change })).toBe(message);
  });

  it("accepts six characters and an optional email", () => {
    expect(changePasswordSchema.safeParse(base).success).toBe(true);
    expect(firstMessage(changePasswordSchema, { ...base, email: "nope" })).toBe("Invalid email address");
  });
});

describe("password reset contracts", () => {
  it("asks for a valid email", () => {
    expect(firstMessage(passwordResetRequestSchema, { email: "x" })).toBe("Invalid email address");
  });

  it("holds the new password to the sign-up rules", () => {
    const base = { token: "t", password: "Lovelace1", confirmPassword: "Lovelace1" };
    expect(passwordResetConfirmSchema.safeParse(base).success).toBe(true);
    expect(
      firstMessage(passwordResetConfirmSchema, { ...base, password: "short", confirmPassword: "short" }),
    ).toBe("Password must be at least 8 characters");
    expect(firstMessage(passwordResetConfirmSchema, { ...base, confirmPassword: "Lovelace2" })).toBe(
      "Passwords don't match",
    );
    expect(firstMessage(passwordResetConfirmSchema, { ...base, token: "" })).toBe(
      "This reset link is invalid or has expired.",
    );
  });
});

describe("account contracts", () => {
  it("needs the age box ticked", () => {
    expect(firstMessage(ageVerificationSchema, { confirmed: false })).toBe("You must be 21+ to join");
    expect(ageVerificationSchema.safeParse({ confirmed: true }).success).toBe(true);
  });

  it("trims the full name and caps it", () => {
    expect(updateProfileSchema.parse({ fullName: "  Ada  " }).fullName).toBe("Ada");
    expect(firstMessage(updateProfileSchema, { fullName: "x".repeat(101) })).toBe(
      "Name must be at most 100 characters",
    );
  });

  it("needs a confirmation to delete", () => {
    expect(firstMessage(deleteAccountSchema, {})).toBe(
      "Please enter your email address correctly to confirm deletion.",
    );
  });

  it("says what is missing from a Telegram sign-in", () => {
    expect(firstMessage(telegramAuthSchema, {})).toBe("Telegram sign-in data is missing");
    expect(firstMessage(telegramAuthSchema, { initData: "  " })).toBe("Telegram sign-in data is missing");
  });
});

describe("roles", () => {
  it("match the database enum", () => {
    expect([...roles]).toEqual(appRole.enumValues);
  });

  it("refuses anything else", () => {
    expect(firstMessage(setRoleSchema, { role: "owner" })).toBe("Please choose Admin, Moderator or Employee");
  });
});
