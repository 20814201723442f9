import type { ExternalToast, toast as sonnerToast } from "sonner";

/**
 * The app's toasts: sonner's, with two rules of ours. The same toast (kind, title and text) never
 * stacks twice: showing it again replaces the one on screen; a caller's own `id` names a slot (a
 * form's one toast), replaced the same way whatever it says. And toasts belong to the screen they
 * were shown on: `dismissStaleToasts()` (called on navigation) clears those shown earlier than the
 * navigation itself, while a toast shown by the action that navigates stays.
 */
type Kind = "success" | "error" | "message";

const shownAt = new Map<string | number, number>();
/** The toast on screen for each kind, title and text. */
const onScreen = new Map<string, string | number>();
let shownCount = 0;
export const STALE_AFTER_MS = 300;

/*
 * sonner (9 KB gzipped) stays off the first load: the first toast mounts the Toaster
 * (components/toaster.tsx, a chunk of its own), and calls wait for it to be listening.
 */
type Sonner = typeof sonnerToast;
let toasterReady: (sonner: Sonner) => void = () => {};
const sonnerReady = new Promise<Sonner>((resolve) => {
  toasterReady = resolve;
});
let wanted = false;
const wantedListeners = new Set<() => void>();

/** The Toaster calls this once it listens: the toasts asked for meanwhile then show, in order. */
export function toasterMounted(sonner: Sonner): void {
  toasterReady(sonner);
}

/** Whether the Toaster is needed yet (for useSyncExternalStore). */
export const toasterWanted = (): boolean => wanted;
export function onToasterWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

function withSonner(use: (sonner: Sonner) => void): void {
  if (!wanted) {
    wanted = true;
    for (const listener of wantedListeners) listener();
  }
  void sonnerReady.then(use);
}

const slotKey = (slot: string | number) => `slot:${slot}`;

function show(kind: Kind, title: string, options: ExternalToast = {}): string | number {
  const text = typeof options.description === "string" ? options.description : "";
  const key = options.id === undefined ? `${kind}:${title}:${text}` : slotKey(options.id);
  // The same toast again replaces the one on screen; once that one has gone (or is fading out,
  // when sonner would swallow an update to it: a form's second error went unseen), it is a new
  // toast with an id of its own.
  const id = onScreen.get(key) ?? `${key}#${++shownCount}`;
  onScreen.set(key, id);
  shownAt.set(id, Date.now());
  const forget = () => {
    shownAt.delete(id);
    if (onScreen.get(key) === id) onScreen.delete(key);
  };
  const shown = { ...options, id, onDismiss: forget, onAutoClose: forget };
  withSonner((sonner) => (kind === "message" ? sonner(title, shown) : sonner[kind](title, shown)));
  return id;
}

export const toast = Object.assign(
  (title: string, options?: ExternalToast) => show("message", title, options),
  {
    success: (title: string, options?: ExternalToast) => show("success", title, options),
    error: (title: string, options?: ExternalToast) => show("error", title, options),
    dismiss: (id?: string | number) => {
      // A slot's name dismisses the toast in it.
      const shownId = id === undefined ? undefined : (onScreen.get(slotKey(id)) ?? id);
      if (shownId === undefined) {
        shownAt.clear();
        onScreen.clear();
      } else {
        shownAt.delete(shownId);
        for (const [key, shown] of onScreen) if (shown === shownId) onScreen.delete(key);
      }
      // Before any toast there is nothing to dismiss (and no need to load sonner for it).
      if (wanted) withSonner((sonner) => sonner.dismiss(shownId));
    },
  },
);

/** Dismisses the toasts shown before this moment (older than a click's own toast). */
export function dismissStaleToasts(now = Date.now()): void {
  for (const [id, at] of shownAt) {
    if (now - at > STALE_AFTER_MS) toast.dismiss(id);
  }
}
