import { type ExternalToast, toast as sonner } from "sonner";

/**
 * The app's toasts: sonner's, with two rules of ours. The same toast (kind, title and text) never
 * stacks twice: showing it again replaces the one on screen. And toasts belong to the screen they
 * were shown on: `dismissStaleToasts()` (called on navigation) clears those shown earlier than the
 * navigation itself, while a toast shown by the action that navigates stays.
 */
type Kind = "success" | "error" | "message";

const shownAt = new Map<string | number, number>();
export const STALE_AFTER_MS = 300;

function show(kind: Kind, title: string, options: ExternalToast = {}): string | number {
  const text = typeof options.description === "string" ? options.description : "";
  const id = options.id ?? `${kind}:${title}:${text}`;
  shownAt.set(id, Date.now());
  const forget = () => shownAt.delete(id);
  const shown = { ...options, id, onDismiss: forget, onAutoClose: forget };
  return kind === "message" ? sonner(title, shown) : sonner[kind](title, shown);
}

export const toast = Object.assign(
  (title: string, options?: ExternalToast) => show("message", title, options),
  {
    success: (title: string, options?: ExternalToast) => show("success", title, options),
    error: (title: string, options?: ExternalToast) => show("error", title, options),
    dismiss: (id?: string | number) => {
      if (id === undefined) shownAt.clear();
      else shownAt.delete(id);
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
