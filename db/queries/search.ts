import { type Column, ilike, type SQL } from "drizzle-orm";

/** `%`, `_` and `\` typed in a search box are themselves, not wildcards (backslash is LIKE's escape). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The column holds `text` anywhere in it, ignoring case. */
export const containsText = (column: Column | SQL, text: string): SQL =>
  ilike(column, `%${escapeLike(text)}%`);
