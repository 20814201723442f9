import { AGE_REQUIRED_MESSAGE } from "#api/contracts/age-message";

/** The texts the first screen needs, without the zod schemas (which would join the first load). */
export const firstLoadMessages = {
  ageRequired: AGE_REQUIRED_MESSAGE,
  ageLabel: "I confirm I am 21 years or older",
  ageGateTitle: "Confirm your age",
  ageGateText: "This channel and its shop are for adults 21 and over.",
  landingAgeNotice: "You must be 21+ to join.",
  validationError: "Validation Error",
} as const;
