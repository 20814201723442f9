import { type ExternalToast, toast as sonner } from "sonner";

/**
 * The app's toasts: sonner's, with two rules of ours. The same toast (kind, title and text) never
 * stacks twice: showing it again replaces the one on screen. And toasts belong to the screen they
 * were shown on: `dismissStaleToasts()` (called on navigation) clears those shown earlier than the
 * navigation itself, while a toast shown by the action that navigates stays.
 */
type Kind = "success" | "error" | "message";

const shownAt = new Map<string | number, number>();
/** The toast on screen for each kind, title and text. */
const onScreen = new Map<string, string | number>();
let shownCount = 0;
export const STALE_AFTER_MS = 300;

function show(kind: Kind, title: string, options: ExternalToast = {}): string | number {
  const text = typeof options.description === "string" ? options.description : "";
  const key = `${kind}:${title}:${text}`;
  // The same toast again replaces the one on screen; once that one has gone (or is fading out,
  // when sonner would swallow an update to it), it is a new toast with an id of its own.
  const id = options.id ?? onScreen.get(key) ?? `${key}#${++shownCount}`;
  onScreen.set(key, id);
  shownAt.set(id, Date.now());
  const forget = () => {
    shownAt.delete(id);
    if (onScreen.get(key) === id) onScreen.delete(key);
  };
  const shown = { ...options, id, onDismiss: forget, onAutoClose: forget };
  return kind === "message" ? sonner(title, shown) : sonner[kind](title, shown);
}

export const toast = Object.assign(
  (title: string, options?: ExternalToast) => show("message", title, options),
  {
    success: (title: string, options?: ExternalToast) => show("success", title, options),
    error: (title: string, options?: ExternalToast) => show("error", title, options),
    dismiss: (id?: string | number) => {
      if (id === undefined) {
        shownAt.clear();
        onScreen.clear();
      } else {
        shownAt.delete(id);
        for (const [key, shown] of onScreen) if (shown === id) onScreen.delete(key);
      }
      sonner.dismiss(id);
    },
  },
);

/** Dismisses the toasts shown before this moment (older than a click's own toast). */
export function dismissStaleToasts(now = Date.now()): void {
  for (const [id, at] of shownAt) {
    if (now - at > STALE_AFTER_MS) toast.dismiss(id);
  }
}
