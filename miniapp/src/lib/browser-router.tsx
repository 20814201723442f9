import { type ReactNode, startTransition, useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  NavigationType,
  type Navigator,
  Router,
} from "react-router";

const SCROLL_POSITIONS_KEY = "app-scroll-positions";

function savedScrollPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? "{}") as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * react-router's declarative router (its data router adds 17 KB gzipped to the first load, for
 * loaders and actions the app does not use), with what the app had from the data router:
 * - a navigation asked with `flushSync` renders at once (signing out leaves the signed-in page
 *   first); the others in a transition, so the current page stays until the next one has loaded;
 * - scroll restoration: back and forward return to where a page was left (across reloads of the
 *   tab too), a new page starts at the top, or at the element its #hash names;
 * - `onPathChange`, called the moment the path changes, not once the next page has rendered.
 * Its history is the one react-router's own BrowserRouter makes.
 */
export function BrowserRouter({ children, onPathChange }: { children: ReactNode; onPathChange: () => void }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState<{ action: NavigationType; location: Location }>({
    action: history.action,
    location: history.location,
  });
  const positions = useRef(savedScrollPositions()).current;
  const shown = useRef(history.location);
  const flushNext = useRef(false);
  const [navigator] = useState<Navigator>(() => ({
    createHref: history.createHref,
    createURL: history.createURL,
    encodeLocation: history.encodeLocation,
    go: history.go,
    push(to, state, options) {
      flushNext.current = options?.flushSync === true;
      history.push(to, state);
    },
    replace(to, state, options) {
      flushNext.current = options?.flushSync === true;
      history.replace(to, state);
    },
  }));

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        // Still the page being left: its scroll position is where it was read.
        positions[shown.current.key] = window.scrollY;
        if (location.pathname !== shown.current.pathname) onPathChange();
        shown.current = location;
        const next = { action, location };
        if (flushNext.current) {
          flushNext.current = false;
          flushSync(() => setState(next));
        } else {
          startTransition(() => setState(next));
        }
      }),
    [history, positions, onPathChange],
  );

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    const save = () => {
      positions[shown.current.key] = window.scrollY;
      try {
        sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(positions));
      } catch {
        // Without sessionStorage a reload starts at the top.
      }
      window.history.scrollRestoration = "auto";
    };
    window.addEventListener("pagehide", save);
    return () => {
      window.removeEventListener("pagehide", save);
      window.history.scrollRestoration = "auto";
    };
  }, [positions]);

  useLayoutEffect(() => {
    const { action, location } = state;
    const saved = action === NavigationType.Pop ? positions[location.key] : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // Not a decodable element id: the top, then.
      }
    }
    window.scrollTo(0, 0);
  }, [state, positions]);

  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}
