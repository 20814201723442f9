/**
 * Which language a post is written in, by a cheap rule the Mini App runs on every message it shows
 * (docs/decisions/103). No zod here: the feed imports it.
 */
import type { Language } from "./languages";

/** A shipped language, or "other" for a script none of them writes (Chinese, Greek, Hebrew…). */
export type TextLanguage = Language | "other";

// Links, mentions and hashtags say nothing about the language around them.
const NOT_WORDS = /https?:\/\/\S+|www\.\S+|[@#][\p{L}\p{N}_]+/giu;
const CYRILLIC = /\p{Script=Cyrillic}/gu;
const ARABIC = /\p{Script=Arabic}/gu;
const LATIN = /\p{Script=Latin}/gu;
const LETTER = /\p{L}/gu;
const SPANISH_MARKS = /[ñ¿¡áéíóúü]/giu;

// The commonest words of each that the other does not share ("a", "no" and "me" are both).
const SPANISH_WORDS = new Set(
  "el la los las de del que y en un una es por para con su sus al lo como más pero ya muy está están hay este esta son ser tu te nuestro nuestra nuevo nueva hoy aquí todos todo".split(
    " ",
  ),
);
const ENGLISH_WORDS = new Set(
  "the and of to in is for with on you your this that are be it at our we new now from by all have has will can get out just here today".split(
    " ",
  ),
);

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/**
 * The language of a text by its letters: mostly Cyrillic is Russian, mostly Arabic script Arabic,
 * mostly Latin Spanish when Spanish's common words and marks (ñ, ¿, ¡, accents) outnumber
 * English's common words, else English; mostly another script "other". Null without letters
 * (emoji, numbers, a bare link).
 */
export function textLanguage(text: string): TextLanguage | null {
  const words = text.replace(NOT_WORDS, " ");
  const letters = count(words, LETTER);
  if (letters === 0) return null;
  const cyrillic = count(words, CYRILLIC);
  const arabic = count(words, ARABIC);
  const latin = count(words, LATIN);
  const most = Math.max(cyrillic, arabic, latin);
  if (most * 2 < letters) return "other";
  if (most === cyrillic) return "ru";
  if (most === arabic) return "ar";
  const lower = words.toLowerCase().match(/\p{L}+/gu) ?? [];
  const spanish = lower.filter((word) => SPANISH_WORDS.has(word)).length + count(words, SPANISH_MARKS);
  const english = lower.filter((word) => ENGLISH_WORDS.has(word)).length;
  return spanish > english ? "es" : "en";
}

/** A message's text is offered "Translate" when it is written in another language than the reader's. */
export function offersTranslation(text: string | null, readerLanguage: Language): boolean {
  if (!text) return false;
  const language = textLanguage(text);
  return language !== null && language !== readerLanguage;
}
