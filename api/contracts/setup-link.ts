import { z } from "zod";

/**
 * The first admin's one-time setup link (decision 122): the link a start prints while no account
 * holds admin, and what its claim answers.
 */
export const setupLinkMessages = {
  invalid: "This setup link is not valid: copy the whole link the server printed when it started.",
  expired:
    "This setup link has expired: it works for an hour. Restart the server for a new one, or run npm run admin -- grant with your email.",
  used: "This setup link was already used: each one makes a single admin, once.",
  adminExists: "This shop already has an admin: ask them for a role under Administration › Users.",
} as const;

export const setupClaimSchema = z.object({
  token: z
    .string({ error: setupLinkMessages.invalid })
    .min(1, setupLinkMessages.invalid)
    .max(256, setupLinkMessages.invalid),
});
