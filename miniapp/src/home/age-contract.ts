import { AGE_REQUIRED_MESSAGE } from "#api/contracts/age-message";
import type { Contract } from "../lib/form-issues";

/**
 * POST /api/me/age-verification's contract (`ageVerificationSchema`) without zod, which the first
 * screen does not load: `confirmed` must be true, else the age rule's message on it.
 */
export const ageVerificationContract: Contract<{ confirmed: true }> = {
  safeParse: (value) =>
    (value as { confirmed?: unknown } | null)?.confirmed === true
      ? { success: true, data: { confirmed: true } }
      : { success: false, error: { issues: [{ path: ["confirmed"], message: AGE_REQUIRED_MESSAGE }] } },
};
