/** Every text field's rule, checked once for all of them by the request validator. */
export const invalidTextMessage = "Text contains characters that are not allowed";

// NUL, which Postgres cannot store, and a lone UTF-16 surrogate, which is not Unicode (a driver
// would silently turn it into U+FFFD). In `u` mode a surrogate pair is one code point, so an
// emoji does not match.
const INVALID_TEXT = /\0|\p{Cs}/u;

/**
 * True when a string anywhere in `value` (nested objects and arrays, keys too) is invalid text.
 * The walk keeps its own list of what is left to visit, so no nesting can overflow the stack.
 */
export function hasInvalidText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (INVALID_TEXT.test(item)) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (item && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        if (INVALID_TEXT.test(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
