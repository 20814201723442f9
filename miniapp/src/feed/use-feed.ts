import { useCallback, useEffect, useRef, useState } from "react";
import type { FeedMessage } from "#api/contracts/feed";
import { api, call } from "../lib/api";
import { subscribeToChanges } from "../lib/events";

export type FeedState =
  | { status: "loading" }
  | { status: "error"; error: unknown }
  | {
      status: "ready";
      messages: FeedMessage[];
      nextCursor: string | null;
      telegramLinkPrefix: string | null;
      /** Whether "Translate" may be offered (a model is configured). */
      canTranslate: boolean;
      loadingMore: boolean;
      moreFailed: boolean;
    };

const fetchPage = (cursor: string | null, signal?: AbortSignal) =>
  call(api.messages.$get({ query: cursor ? { cursor } : {} }, { init: { signal } }));

/** The feed's order: pinned first, then newest, then the id (as the API pages it). */
function before(a: FeedMessage, b: FeedMessage): boolean {
  if (a.isPinned !== b.isPinned) return a.isPinned;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return a.id > b.id;
}

/**
 * A live change reloads the first page only: it replaces what it covers (new, edited, pinned and
 * deleted messages there), and the older pages already loaded stay below it.
 */
export function mergeFirstPage(
  current: FeedMessage[],
  first: FeedMessage[],
  firstHasMore: boolean,
): FeedMessage[] {
  const last = first.at(-1);
  if (!firstHasMore || !last) return first;
  const ids = new Set(first.map((message) => message.id));
  return [...first, ...current.filter((message) => !ids.has(message.id) && before(last, message))];
}

/**
 * A live change that named its messages: those fetched again replace their old selves, or join the
 * list where they sort within what is loaded (a new post; one pinned from further down); the named
 * ones that did not come back were deleted. The list keeps the feed's order.
 */
export function applyChanged(
  current: FeedMessage[],
  changedIds: string[],
  fresh: FeedMessage[],
  allLoaded: boolean,
): FeedMessage[] {
  const changed = new Set(changedIds);
  const kept = current.filter((message) => !changed.has(message.id));
  const last = kept.at(-1);
  const shown = fresh.filter((message) => allLoaded || !last || before(message, last));
  return [...kept, ...shown].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
}

/** The feed, a page at a time, kept live by the channel_messages change stream. */
export function useFeed(): FeedState & {
  reload: () => void;
  /** Loads the first page again, keeping what is shown meanwhile (after one's own change). */
  refresh: () => void;
  loadMore: () => void;
  update: (id: string, changes: Partial<FeedMessage>) => void;
} {
  const [state, setState] = useState<FeedState>({ status: "loading" });
  const stateRef = useRef(state);
  stateRef.current = state;

  const loadFirst = useCallback(async (signal?: AbortSignal) => {
    try {
      const page = await fetchPage(null, signal);
      if (signal?.aborted) return;
      setState((previous) => {
        if (previous.status !== "ready") {
          return {
            status: "ready",
            messages: page.messages,
            nextCursor: page.nextCursor,
            telegramLinkPrefix: page.telegramLinkPrefix,
            canTranslate: page.canTranslate,
            loadingMore: false,
            moreFailed: false,
          };
        }
        const olderLoaded = previous.messages.length > page.messages.length;
        return {
          ...previous,
          messages: mergeFirstPage(previous.messages, page.messages, page.nextCursor !== null),
          nextCursor: page.nextCursor === null ? null : olderLoaded ? previous.nextCursor : page.nextCursor,
        };
      });
    } catch (error) {
      if (signal?.aborted) return;
      // A live refresh that fails keeps what is on screen.
      if (stateRef.current.status !== "ready") setState({ status: "error", error });
    }
  }, []);

  /** Fetches only the messages a change named; if that fails, the first page instead. */
  const loadChanged = useCallback(
    async (ids: string[]) => {
      try {
        const { messages } = await call(api.messages.$get({ query: { ids: ids.join(",") } }));
        setState((previous) =>
          previous.status === "ready"
            ? {
                ...previous,
                messages: applyChanged(previous.messages, ids, messages, previous.nextCursor === null),
              }
            : previous,
        );
      } catch {
        void loadFirst();
      }
    },
    [loadFirst],
  );

  useEffect(() => {
    const controller = new AbortController();
    void loadFirst(controller.signal);
    const stop = subscribeToChanges("channel_messages", (change) => {
      const ids = change?.ids;
      if (ids && stateRef.current.status === "ready") void loadChanged(ids);
      else void loadFirst();
    });
    return () => {
      controller.abort();
      stop();
    };
  }, [loadFirst, loadChanged]);

  const reload = useCallback(() => {
    setState({ status: "loading" });
    void loadFirst();
  }, [loadFirst]);

  const loadMore = useCallback(async () => {
    const current = stateRef.current;
    if (current.status !== "ready" || current.loadingMore || !current.nextCursor) return;
    setState({ ...current, loadingMore: true, moreFailed: false });
    try {
      const page = await fetchPage(current.nextCursor);
      setState((previous) => {
        if (previous.status !== "ready") return previous;
        const ids = new Set(previous.messages.map((message) => message.id));
        return {
          ...previous,
          messages: [...previous.messages, ...page.messages.filter((message) => !ids.has(message.id))],
          nextCursor: page.nextCursor,
          loadingMore: false,
        };
      });
    } catch {
      setState((previous) =>
        previous.status === "ready" ? { ...previous, loadingMore: false, moreFailed: true } : previous,
      );
    }
  }, []);

  /** Shows a change at once (a reaction), before the live refresh confirms it. */
  const update = useCallback((id: string, changes: Partial<FeedMessage>) => {
    setState((previous) =>
      previous.status === "ready"
        ? {
            ...previous,
            messages: previous.messages.map((message) =>
              message.id === id ? { ...message, ...changes } : message,
            ),
          }
        : previous,
    );
  }, []);

  const refresh = useCallback(() => void loadFirst(), [loadFirst]);

  return { ...state, reload, refresh, loadMore: () => void loadMore(), update };
}
