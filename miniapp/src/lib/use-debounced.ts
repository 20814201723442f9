import { useEffect, useState } from "react";

/** A search box's search is sent once typing pauses this long. */
export const SEARCH_DELAY_MS = 300;

/** `value` once it has stayed the same for `delayMs` (a search is sent once typing pauses). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
