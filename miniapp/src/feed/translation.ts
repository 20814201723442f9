import { useSyncExternalStore } from "react";
import type { FeedMessage } from "#api/contracts/feed";
import type { Language } from "#api/contracts/languages";
import { offersTranslation } from "#api/contracts/text-language";
import { t } from "../i18n/i18n";
import { api, call, LoadError } from "../lib/api";
import { toast } from "../lib/toast";

/**
 * What the reader asked of a message's translation, for the text it was asked for (an edited
 * message starts over): being made, shown, or made and put aside for the original.
 */
export type TranslationView =
  | { state: "loading" }
  | { state: "shown" | "original"; text: string; language: Language };

const views = new Map<string, TranslationView & { source: string }>();
const listeners = new Set<() => void>();
let version = 0;

function set(id: string, view: (TranslationView & { source: string }) | undefined) {
  if (view) views.set(id, view);
  else views.delete(id);
  version++;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The message's translation as the reader left it; undefined before "Translate" (or after an edit). */
export function useTranslationView(message: FeedMessage): TranslationView | undefined {
  useSyncExternalStore(subscribe, () => version);
  const view = views.get(message.id);
  return view && view.source === message.content ? view : undefined;
}

/**
 * "Translate" is offered when the server has a model (the feed page's canTranslate) and the
 * message's text is in another language than the app's (api/contracts/text-language.ts).
 */
export const offersTranslate = (message: FeedMessage, canTranslate: boolean, language: string): boolean =>
  canTranslate && offersTranslation(message.content, language as Language);

/**
 * Shows the message in the reader's language: the translation fetched once (the server keeps it
 * for everyone), shown again from here after "Show original". A failure says so in a toast and
 * leaves the original on screen.
 */
export async function translate(message: FeedMessage): Promise<void> {
  const source = message.content ?? "";
  const known = views.get(message.id);
  if (known?.source === source && known.state !== "loading") {
    set(message.id, { ...known, state: "shown" });
    return;
  }
  if (known?.source === source) return;
  set(message.id, { state: "loading", source });
  try {
    const { translation } = await call(api.messages[":id"].translation.$post({ param: { id: message.id } }));
    set(message.id, { state: "shown", text: translation.text, language: translation.language, source });
  } catch (error) {
    set(message.id, undefined);
    if (error instanceof LoadError && error.code === "rate_limited") toast.error(t("feed.translateTooMany"));
    else toast.error(t("feed.translateFailed"), { description: t("feed.translateFailedHint") });
  }
}

/** Back to the message as written; the translation stays at hand for "Translate". */
export function showOriginal(message: FeedMessage): void {
  const known = views.get(message.id);
  if (known && known.state === "shown") set(message.id, { ...known, state: "original" });
}
