/**
 * Message texts kept free of zod, so the Mini App's first screen can use them without bundling
 * zod. The schemas in auth.ts use the same objects.
 */

import { AGE_REQUIRED_MESSAGE } from "./age-message";

/** Accounts and signing in: texts shared by the API and the Mini App's forms. */
export const authMessages = {
  invalidEmail: "Invalid email address",
  passwordMin: "Password must be at least 8 characters",
  passwordUppercase: "Password must contain an uppercase letter",
  passwordDigit: "Password must contain a number",
  passwordsDontMatch: "Passwords don't match",
  ageRequired: AGE_REQUIRED_MESSAGE,
  passwordRequired: "Password is required",
  passwordTooLong: "Password must be at most 256 characters",
  nameTooLong: "Name must be at most 100 characters",
  accountExists: "This email is already registered. Please log in instead.",
  invalidCredentials: "Invalid email or password",
  resetLinkInvalid: "This reset link is invalid or has expired.",
  notSignedIn: "Not signed in",
  notAuthorized: "Not authorized",
  crossSite: "Cross-site request refused",
} as const;

/** Proving an email address with a mailed link (our wording: the original product has no such step). */
export const emailVerificationMessages = {
  linkInvalid:
    "This verification link is invalid, has expired or was already used. Send a new one from Password and Security.",
  alreadyVerified: "Your email is already verified.",
  noEmail: "Add an email address first.",
  mailNotConfigured: "Email verification is not available: this server cannot send mail.",
  verified: "Your email is verified.",
} as const;

/** Telegram sign-in refusals (401), one per way initData can be wrong. */
export const telegramAuthMessages = {
  missing: "Telegram sign-in data is missing",
  malformed: "Telegram sign-in data is malformed",
  invalid: "Telegram sign-in data is invalid",
  expired: "Telegram sign-in data has expired. Please reopen the app.",
  future: "Telegram sign-in data is dated in the future. Check your device's clock.",
  notConfigured: "Telegram sign-in is not configured",
} as const;
