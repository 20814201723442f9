/** The error, or what it wraps (drizzle puts the driver's error in `cause`), has this SQLSTATE. */
function hasCode(error: unknown, code: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** Postgres unique_violation, whichever driver raised it. */
export const isUniqueViolation = (error: unknown) => hasCode(error, "23505");

/** Postgres foreign_key_violation: a row still refers to the one being removed, or to one gone. */
export const isForeignKeyViolation = (error: unknown) => hasCode(error, "23503");
