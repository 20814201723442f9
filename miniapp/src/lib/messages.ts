import { authMessages } from "#api/contracts/messages";

/** The spec texts the first screen needs, without the zod schemas (which would join the first load). */
export const firstLoadMessages = {
  ageRequired: authMessages.ageRequired,
  ageLabel: "I confirm I am 21 years or older",
  ageGateTitle: "Confirm your age",
  ageGateText: "This channel and its shop are for adults 21 and over.",
  landingAgeNotice: "You must be 21+ to join.",
  validationError: "Validation Error",
} as const;
