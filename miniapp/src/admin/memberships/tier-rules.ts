import type { AdminTier } from "#api/contracts/admin-tiers";

/*
 * The rules of the Memberships admin form, kept free of zod: the API's contract
 * (api/contracts/admin-tiers.ts) says the same, and tests/unit/miniapp-admin-tiers.test.ts checks
 * that both agree.
 */

/** The form's validation messages and the screen's toasts. */
export const tierTexts = {
  displayNameRequired: "Display name is required",
  priceRequired: "Valid price is required",
  created: "Membership tier created successfully",
  createFailed: "Failed to create membership tier",
  updated: "Membership tier updated successfully",
  updateFailed: "Failed to update membership tier",
  deleted: (displayName: string) => `${displayName} deleted successfully`,
  deleteFailed: "Failed to delete tier",
  // Ours, as the API's contract says it: Telegram sells a subscription for 1 to 10000 Stars.
  starsPrice: "Stars price must be a whole number from 1 to 10000",
} as const;

/** Telegram's limit for a subscription's price (MAX_STARS in the API's contract). */
export const MAX_STARS = 10_000;

/** As the server makes it: lowercase, spaces as underscores, anything outside a-z, 0-9 and _ dropped. */
export const slugOf = (displayName: string): string =>
  displayName
    .trim()
    .toLowerCase()
    .replace(/ /g, "_")
    .replace(/[^a-z0-9_]/g, "");

/** Dollars, not negative, at most two decimals (the price field's step 0.01). */
const PRICE = /^\d{1,10}(\.\d{1,2})?$/;

export interface TierFormValues {
  displayName: string;
  price: string;
  description: string;
  /** One feature per line. */
  features: string;
  /** Whole Stars per 30 days; empty: not sold for Telegram Stars. */
  priceStars: string;
  isActive: boolean;
}

export type TierFormErrors = Partial<Record<"displayName" | "price" | "priceStars", string>>;

export const emptyTierForm: TierFormValues = {
  displayName: "",
  price: "",
  description: "",
  features: "",
  priceStars: "",
  isActive: true,
};

/** The edit sheet starts from the tier as it is. */
export const tierFormFrom = (tier: AdminTier): TierFormValues => ({
  displayName: tier.displayName,
  price: tier.priceMonthly,
  description: tier.description ?? "",
  features: tier.features.join("\n"),
  priceStars: tier.priceStars === null ? "" : String(tier.priceStars),
  isActive: tier.isActive,
});

/** The client's checks, with tierTexts' messages; empty when the form may be sent. */
export function checkTierForm(
  values: Pick<TierFormValues, "displayName" | "price"> & Partial<Pick<TierFormValues, "priceStars">>,
): TierFormErrors {
  const errors: TierFormErrors = {};
  if (values.displayName.trim() === "") errors.displayName = tierTexts.displayNameRequired;
  if (!PRICE.test(values.price.trim())) errors.price = tierTexts.priceRequired;
  if (starsOf(values.priceStars ?? "") === undefined) errors.priceStars = tierTexts.starsPrice;
  return errors;
}

/** The Stars price field: null when empty (not sold for Stars), undefined when not 1–10000 whole. */
export function starsOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  // As the number field reads it ("1e3" is 1000); the API takes whole numbers only.
  const stars = Number(trimmed);
  return Number.isInteger(stars) && stars >= 1 && stars <= MAX_STARS ? stars : undefined;
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
  priceMonthly: values.price.trim(),
  description: values.description.trim() === "" ? null : values.description.trim(),
  features: featureLines(values.features),
  priceStars: starsOf(values.priceStars) ?? null,
  isActive: values.isActive,
});

/** PATCH /api/admin/tiers/:id's body: edit changes the name, the prices and whether it is active. */
export const updateBody = (values: TierFormValues) => ({
  displayName: values.displayName.trim(),
  priceMonthly: values.price.trim(),
  priceStars: starsOf(values.priceStars) ?? null,
  isActive: values.isActive,
});

/**
 * The failure toast's description: what the server said when it refused (a 4xx: the name is taken,
 * members are on the tier), nothing for a server fault or a lost connection.
 */
export function serverReason(error: unknown): string | undefined {
  // A LoadError (lib/api.ts) by its shape, so these rules stay free of the API client.
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  if (typeof status !== "number" || status < 400 || status >= 500) return undefined;
  return typeof message === "string" && message !== "" && !/^HTTP \d+$/.test(message) ? message : undefined;
}

/** A refusal that belongs to one field, so the sheet can show it there too. */
export function fieldOfReason(reason: string | undefined): keyof TierFormErrors | null {
  if (reason === undefined) return null;
  if (reason === tierTexts.priceRequired) return "price";
  if (reason === tierTexts.starsPrice) return "priceStars";
  if (/name/i.test(reason)) return "displayName";
  return null;
}

export const membersText = (count: number): string => `${count} ${count === 1 ? "member" : "members"}`;
