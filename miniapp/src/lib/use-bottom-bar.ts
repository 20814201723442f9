import { type RefObject, useEffect } from "react";

/** Bars fixed to the bottom, newest last: the newest (a drawer over a page) decides the height. */
const bars: HTMLElement[] = [];

function publish(): void {
  const root = document.documentElement;
  const top = bars.at(-1);
  if (top) root.style.setProperty("--bottom-bar-height", `${top.offsetHeight}px`);
  else root.style.removeProperty("--bottom-bar-height");
}

/**
 * Publishes the height of a bar fixed to the bottom of the screen as --bottom-bar-height on <html>,
 * kept current while the bar changes size: the page leaves it room and toasts sit above it.
 */
export function useBottomBar(bar: RefObject<HTMLElement | null>, enabled = true): void {
  useEffect(() => {
    const element = bar.current;
    if (!element || !enabled) return;
    bars.push(element);
    publish();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      bars.splice(bars.indexOf(element), 1);
      publish();
    };
  }, [bar, enabled]);
}
