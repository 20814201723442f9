/** Every text field's rule, checked once for all of them by the request validator. */
export const invalidTextMessage = "Text contains characters that are not allowed";

// NUL, which Postgres cannot store, and a lone UTF-16 surrogate, which is not Unicode (a driver
// would silently turn it into U+FFFD). In `u` mode a surrogate pair is one code point, so an
// emoji does not match.
const INVALID_TEXT = /\0|\p{Cs}/u;

/** True when a string anywhere in `value` (nested objects and arrays, keys too) is invalid text. */
export function hasInvalidText(value: unknown): boolean {
  if (typeof value === "string") return INVALID_TEXT.test(value);
  if (Array.isArray(value)) return value.some(hasInvalidText);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([key, item]) => INVALID_TEXT.test(key) || hasInvalidText(item));
  }
  return false;
}
