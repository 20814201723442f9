import { useCallback, useEffect, useRef, useState } from "react";
import { type ChangeTable, subscribeToChanges } from "./events";

export type Resource<T> =
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "error"; error: unknown };

interface Options<T> {
  /** Refetch when the server reports a change to this table. */
  refetchOn?: ChangeTable;
  /** Don't load yet (a closed drawer). */
  enabled?: boolean;
  /** Data the page arrived with (lib/boot-data.ts): shown at once and not loaded again. */
  initial?: T | undefined;
  /** Refetch, keeping what is shown, when this changes: the app itself changed the data. */
  version?: number;
}

/**
 * Loads data and keeps it fresh. A live refetch keeps showing what is on screen until the new data
 * arrives, and a failed live refetch keeps the old data (a 404 still shows: the thing is gone);
 * only `reload()` (Retry) shows loading again.
 */
export function useResource<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  { refetchOn, enabled = true, initial, version: changed = 0 }: Options<T> = {},
): Resource<T> & { reload: () => void } {
  const [state, setState] = useState<Resource<T>>(() =>
    initial === undefined ? { status: "loading" } : { status: "ready", data: initial },
  );
  const arrivedWith = useRef(initial !== undefined);
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const stateRef = useRef(state);
  stateRef.current = state;
  const loadedKey = useRef<string | null>(arrivedWith.current ? key : null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version and changed are the refetch triggers.
  useEffect(() => {
    if (!enabled) return;
    if (arrivedWith.current) {
      arrivedWith.current = false;
      return;
    }
    const controller = new AbortController();
    const sameKey = loadedKey.current === key;
    const keepShowing = sameKey && stateRef.current.status === "ready";
    if (!keepShowing) setState({ status: "loading" });
    loadRef
      .current(controller.signal)
      .then((data) => {
        if (controller.signal.aborted) return;
        loadedKey.current = key;
        setState({ status: "ready", data });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // A live refetch that fails keeps what is shown, unless the thing is gone.
        // A LoadError (./api.ts) by its shape, so this hook stays free of the API client.
        if (keepShowing && (error as { notFound?: unknown } | null)?.notFound !== true) return;
        loadedKey.current = key;
        setState({ status: "error", error });
      });
    return () => controller.abort();
  }, [key, version, changed, enabled]);

  useEffect(() => {
    if (!refetchOn || !enabled) return;
    return subscribeToChanges(refetchOn, () => setVersion((v) => v + 1));
  }, [refetchOn, enabled]);

  const reload = useCallback(() => {
    setState({ status: "loading" });
    loadedKey.current = null;
    setVersion((v) => v + 1);
  }, []);

  return { ...state, reload };
}
