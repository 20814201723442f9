import { type AdminTier, createTierSchema, tierSlug, updateTierSchema } from "#api/contracts/admin-tiers";
import type { ErrorReason } from "#api/contracts/errors";
import { t } from "../../i18n/i18n";
import type { FormRules } from "../../lib/form-issues";

export { MAX_STARS, TRIAL_DAYS_MAX } from "#api/contracts/plan-payments";

/*
 * The Memberships admin form is checked by the API's contract (api/contracts/admin-tiers.ts): its
 * rules and messages are written there only.
 */

/** The screen's toasts, in the app's language when they show. */
export const tierTexts = {
  created: () => t("admin.memberships.created"),
  createFailed: () => t("admin.memberships.createFailed"),
  updated: () => t("admin.memberships.updated"),
  updateFailed: () => t("admin.memberships.updateFailed"),
  deleted: (displayName: string) => t("admin.memberships.deleted", { name: displayName }),
  deleteFailed: () => t("admin.memberships.deleteFailed"),
} as const;

/** The slug the server makes of the name it saves (trimmed). */
export const slugOf = (displayName: string): string => tierSlug(displayName.trim());

/** The form as typed, by the contract's names. */
export interface TierFormValues {
  displayName: string;
  /** Dollars per month. */
  priceMonthly: string;
  description: string;
  /** One feature per line. */
  features: string;
  /** Whole Stars per 30 days; empty: not sold for Telegram Stars. */
  priceStars: string;
  /** Whole days of free trial; empty: no trial. */
  trialDays: string;
  isActive: boolean;
}

export const emptyTierForm: TierFormValues = {
  displayName: "",
  priceMonthly: "",
  description: "",
  features: "",
  priceStars: "",
  trialDays: "",
  isActive: true,
};

/** The edit sheet starts from the tier as it is. */
export const tierFormFrom = (tier: AdminTier): TierFormValues => ({
  displayName: tier.displayName,
  priceMonthly: tier.priceMonthly,
  description: tier.description ?? "",
  features: tier.features.join("\n"),
  priceStars: tier.priceStars === null ? "" : String(tier.priceStars),
  trialDays: tier.trialDays === null ? "" : String(tier.trialDays),
  isActive: tier.isActive,
});

/** The schema the API enforces on Add Tier (create) or Edit. */
export const tierContract = (mode: "create" | "edit") =>
  mode === "create" ? createTierSchema : updateTierSchema;

/**
 * How the sheet meets its contract: it checks the body it sends; editing a field takes its message
 * away, and a check that passes leaves a refusal's message until the server answers again.
 */
export const tierFormRules = (mode: "create" | "edit"): FormRules<TierFormValues> => ({
  input: mode === "create" ? createBody : updateBody,
  clearOnEdit: true,
  keepErrorsOnPass: true,
});

/** A whole-number field (the Stars price, trial days): null when empty, else the number typed ("1e3" is 1000). */
export function starsOf(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === "" ? null : Number(trimmed);
}

/** The feature lines, trimmed, blank lines dropped. */
export const featureLines = (text: string): string[] =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");

/** POST /api/admin/tiers's body. */
export const createBody = (values: TierFormValues) => ({
  displayName: values.displayName.trim(),
  priceMonthly: values.priceMonthly.trim(),
  description: values.description.trim() === "" ? null : values.description.trim(),
  features: featureLines(values.features),
  priceStars: starsOf(values.priceStars),
  trialDays: starsOf(values.trialDays),
  isActive: values.isActive,
});

/** PATCH /api/admin/tiers/:id's body: edit changes the name, the prices and whether it is active. */
export const updateBody = (values: TierFormValues) => ({
  displayName: values.displayName.trim(),
  priceMonthly: values.priceMonthly.trim(),
  priceStars: starsOf(values.priceStars),
  trialDays: starsOf(values.trialDays),
  isActive: values.isActive,
});

/**
 * The failure toast's description: what the server said when it refused (the name is taken, members
 * are on the tier), in the admin's language; nothing for a server fault or a lost connection.
 */
export function serverMessage(error: unknown): string | undefined {
  // A LoadError (lib/api.ts) by its shape, so these rules stay free of the API client.
  const { refused, worded, message } = (error ?? {}) as {
    refused?: unknown;
    worded?: unknown;
    message?: unknown;
  };
  return refused === true && worded === true && typeof message === "string" ? message : undefined;
}

/**
 * The server's refusals that belong to one field of the sheet, by the refusal's reason (its words
 * are in the admin's language); a refusal is listed here only once it is on the wire
 * (`errorReasons`). The fields' own rules are the contract's, checked before sending.
 */
const refusalFields: Partial<Record<ErrorReason, keyof TierFormValues>> = {
  tier_name_taken: "displayName",
  trial_on_free_tier: "trialDays",
};

/** The field a refusal belongs to, so the sheet shows it there too; null for any other failure. */
export function fieldOfRefusal(error: unknown): keyof TierFormValues | null {
  // A LoadError (lib/api.ts) by its shape, as serverMessage reads it.
  const { reason } = (error ?? {}) as { reason?: unknown };
  return typeof reason === "string" ? (refusalFields[reason as ErrorReason] ?? null) : null;
}

export const membersText = (count: number): string => t("admin.memberships.memberCount", { count });
