import { z } from "zod";
import { meSchema } from "./me";
import { authMessages, emailVerificationMessages, telegramAuthMessages } from "./messages";
import { referralCodeField } from "./referrals";

export { authMessages, emailVerificationMessages, telegramAuthMessages };

// Argon2 hashes anything, but a megabyte "password" is only a way to burn CPU.
const PASSWORD_MAX = 256;

export const emailSchema = z
  .string({ error: authMessages.invalidEmail })
  .trim()
  .max(254, authMessages.invalidEmail)
  .pipe(z.email({ error: authMessages.invalidEmail }));

/** Sign-up strength rules; also what a password reset must meet. */
export const newPasswordSchema = z
  .string({ error: authMessages.passwordMin })
  .min(8, authMessages.passwordMin)
  .regex(/[A-Z]/, authMessages.passwordUppercase)
  .regex(/[0-9]/, authMessages.passwordDigit)
  .max(PASSWORD_MAX, authMessages.passwordTooLong);

export const fullNameSchema = z.string().trim().max(100, authMessages.nameTooLong);

export const signUpSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: authMessages.passwordsDontMatch }),
    ageConfirmed: z.literal(true, { error: authMessages.ageRequired }),
    fullName: fullNameSchema.optional(),
    /** The referral link's code the person arrived through (`/?ref=`); an unknown one is ignored. */
    referralCode: referralCodeField,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ["confirmPassword"],
  });

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(PASSWORD_MAX, authMessages.passwordTooLong),
});

/** The Mini App's raw initData string (Telegram.WebApp.initData), never initDataUnsafe. */
export const telegramAuthSchema = z.object({
  initData: z
    .string({ error: telegramAuthMessages.missing })
    .trim()
    .min(1, telegramAuthMessages.missing)
    .max(8192, telegramAuthMessages.malformed),
  /** A web visit's referral code (`/?ref=`), used when the launch's start_param carries none. */
  referralCode: referralCodeField,
});

export const passwordResetRequestSchema = z.object({ email: emailSchema });

export const passwordResetConfirmSchema = z
  .object({
    token: z.string({ error: authMessages.resetLinkInvalid }).min(1, authMessages.resetLinkInvalid),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: authMessages.passwordsDontMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ["confirmPassword"],
  });

/** The token from a `/verify-email?token=…` link. */
export const emailVerificationConfirmSchema = z.object({
  token: z
    .string({ error: emailVerificationMessages.linkInvalid })
    .min(1, emailVerificationMessages.linkInvalid)
    .max(256, emailVerificationMessages.linkInvalid),
});

/** What sign-up, login and Telegram sign-in return. The web also gets the HttpOnly `__Host-session` cookie. */
export const sessionSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: meSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;
