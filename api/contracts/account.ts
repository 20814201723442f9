import { z } from "zod";
import { authMessages, emailSchema, fullNameSchema } from "./auth";
import { languages } from "./languages";
import { meSchema } from "./me";
import { roleSchema } from "./roles";
import { uploadKinds } from "./uploads";

export const accountMessages = {
  passwordChangeMin: "Password must be at least 6 characters.",
  fullNameRequired: "Please enter your full name.",
  newPasswordsDontMatch: "New passwords do not match.",
  currentPasswordIncorrect: "Current password is incorrect",
  emailRequiredForPassword: "Add an email address to sign in on the web.",
  emailTaken: "This email is already registered to another account.",
  imageRequired: uploadKinds.avatar.wrongType,
  imageTooLarge: uploadKinds.avatar.rules[0].tooLarge,
  ageRequired: authMessages.ageRequired,
  deleteEmailMismatch: "Please enter your email address correctly to confirm deletion.",
  deleteTypeDelete: "Please type DELETE to confirm deletion.",
  telegramAlreadyLinked: "Your account is already linked to Telegram.",
  telegramNotLinked: "This account is not linked to Telegram.",
  languageUnknown: "This language is not offered. Choose English, Russian, Spanish or Arabic.",
} as const;

export const AVATAR_MAX_BYTES = uploadKinds.avatar.rules[0].maxBytes;

/** A Telegram-only account (no email) confirms deletion by typing this word. */
export const DELETE_CONFIRMATION_WORD = "DELETE";

/** Edit Profile's name and Settings › Appearance's language; at least one of them. */
export const updateProfileSchema = z
  .object({
    /** A saved name is never blank: sign-up may skip it, but Edit Profile cannot erase it to nothing. */
    fullName: fullNameSchema.pipe(z.string().min(1, accountMessages.fullNameRequired)).optional(),
    language: z.enum(languages, { error: accountMessages.languageUnknown }).optional(),
  })
  .refine((v) => v.fullName !== undefined || v.language !== undefined, {
    message: accountMessages.fullNameRequired,
    path: ["fullName"],
  });

/**
 * Settings → Notifications: the member's own switches, any of them at once (strict: an unknown key
 * is a 400; an empty body too).
 */
export const notificationSettingsSchema = z
  .strictObject({
    orderEmails: z.boolean().optional(),
    newsMessages: z.boolean().optional(),
    planReminders: z.boolean().optional(),
    cartReminders: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((on) => on !== undefined), "Name at least one switch");
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const ageVerificationSchema = z.object({
  confirmed: z.literal(true, { error: accountMessages.ageRequired }),
});

/**
 * Change password. `currentPassword` is required (and checked) when the account has one; a
 * Telegram-only account without an email also sends `email`, so it can sign in on the web.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().max(256).optional(),
    newPassword: z
      .string({ error: accountMessages.passwordChangeMin })
      .min(6, accountMessages.passwordChangeMin)
      .max(256, authMessages.passwordTooLong),
    confirmPassword: z.string({ error: accountMessages.newPasswordsDontMatch }),
    email: emailSchema.optional(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: accountMessages.newPasswordsDontMatch,
    path: ["confirmPassword"],
  });

export const deleteAccountSchema = z.object({
  /** The account's email (any case, spaces around ignored), or DELETE for a Telegram-only account. */
  confirmation: z.string({ error: accountMessages.deleteEmailMismatch }).max(300),
});

export const telegramLinkSchema = z.object({
  /** https://t.me/<bot>?start=link_<code>: open it (openTelegramLink / a new tab); one use, 15 minutes. */
  url: z.string(),
  expiresAt: z.string(),
});
export type TelegramLink = z.infer<typeof telegramLinkSchema>;

export const avatarResultSchema = z.object({ avatarUrl: z.string(), user: meSchema });
export type AvatarResult = z.infer<typeof avatarResultSchema>;

export const rolesResponseSchema = z.object({ roles: z.array(roleSchema) });
export type RolesResponse = z.infer<typeof rolesResponseSchema>;

export const deletedSchema = z.object({ deleted: z.literal(true) });
