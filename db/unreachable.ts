/** Error codes of a connection that never reached Postgres: the host, its port or the network. */
const unreachableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "CONNECT_TIMEOUT",
]);
/**
 * SQLSTATEs of a server that answered and refused the connection: classes 08 (connection), 28 (the
 * user or password), 3D (no such database), 53300 (too many connections), 57P03 (starting up).
 */
const refusedState = /^(08|28|3D)|^53300$|^57P03$/;

/**
 * DATABASE_URL names a Postgres the process cannot use: one line with the setting, the server's
 * host and port (never the user or password) and what went wrong, for the start to print and stop.
 */
export class DatabaseUnreachableError extends Error {}

/** The error of a first connection, as DatabaseUnreachableError when it is one; else unchanged. */
export function unreachableOrSame(url: string, error: unknown): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== "string" || typeof message !== "string") return error;
  const parsed = URL.parse(url);
  const where = `${parsed?.hostname || "localhost"}:${parsed?.port || "5432"}`;
  if (unreachableCodes.has(code)) {
    return new DatabaseUnreachableError(`DATABASE_URL: cannot reach Postgres at ${where}: ${message}`);
  }
  if (refusedState.test(code)) {
    const database = decodeURIComponent(parsed?.pathname.slice(1) ?? "");
    return new DatabaseUnreachableError(
      `DATABASE_URL: Postgres at ${where}${database ? ` (database ${database})` : ""} refused the connection: ${message}`,
    );
  }
  return error;
}
