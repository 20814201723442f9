/**
 * The few spec texts the first screen needs. The contracts (api/contracts/*) hold them too, but
 * importing those pulls zod into the first load; a unit test keeps these equal to the contracts'.
 */
export const firstLoadMessages = {
  ageRequired: "You must be 21+ to join",
  ageLabel: "I confirm I am 21 years or older",
  landingAgeNotice: "You must be 21+ to join.",
  validationError: "Validation Error",
} as const;
