import { type PointerEvent, type MouseEvent as ReactMouseEvent, useRef } from "react";
import { telegram } from "../telegram/controls";

/** A long press: 500 ms without moving. */
export const LONG_PRESS_MS = 500;
const MOVE_TOLERANCE_PX = 10;

/** A buzz when the press takes: Telegram's haptic inside Telegram, the Vibration API on the web. */
function buzz(): void {
  const tg = telegram();
  if (tg) tg.impact("medium");
  else navigator.vibrate?.(50);
}

/** Handlers for an element that opens something on a long press or a right click. */
export function useLongPress(onPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  };
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.button !== 0) return;
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        buzz();
        onPress();
      }, LONG_PRESS_MS);
    },
    onPointerMove: (event: PointerEvent) => {
      const from = start.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onContextMenu: (event: ReactMouseEvent) => {
      event.preventDefault();
      cancel();
      onPress();
    },
  };
}
