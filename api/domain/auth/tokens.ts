import { createHash, randomBytes } from "node:crypto";

/** An opaque secret for a session, reset link or link code: 256 bits, URL-safe. */
export const newToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

/**
 * What the database keeps instead of the token. A plain SHA-256 is enough here: the tokens are
 * random with 128+ bits, so there is nothing to brute-force, and the lookup stays an index hit.
 */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
