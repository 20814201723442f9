/** No request body of ours nests deeper; a deeper one is refused before any rule reads it. */
export const MAX_JSON_DEPTH = 32;
export const deepJsonMessage = `Request body is nested more than ${MAX_JSON_DEPTH} levels deep`;

/**
 * Whether a parsed JSON value nests arrays and objects deeper than `max`, walked with a stack of
 * its own (no recursion), so a body of any depth is measured without overflowing. JSON.parse
 * itself does not recurse in V8, and neither does this; JSON.stringify and a recursive walker do.
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: [item: unknown, depth: number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== "object") continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}
