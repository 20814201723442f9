import type { Context } from "hono";
import { AppError } from "../errors";

/** No request body of ours nests deeper; a deeper one is refused before it is parsed or walked. */
export const MAX_JSON_DEPTH = 32;
export const deepJsonMessage = `Request body is nested more than ${MAX_JSON_DEPTH} levels deep`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, counted in one pass over the text
 * (brackets outside strings), without parsing and without recursion. Exact for valid JSON; text
 * that is not JSON fails its parse anyway.
 */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) depth--;
  }
  return false;
}

/**
 * Refuses (400) a body nested deeper than MAX_JSON_DEPTH, whatever its Content-Type says (the JSON
 * validator and the webhook parse it as JSON). The text is read once: Hono keeps it, and a later
 * `c.req.json()` parses those same bytes.
 */
export async function refuseDeepJson(c: Context): Promise<void> {
  const text = await c.req.text().catch(() => "");
  if (jsonDeeperThan(text, MAX_JSON_DEPTH)) throw new AppError("bad_request", deepJsonMessage);
}
