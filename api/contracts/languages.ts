/**
 * The languages the app ships, and how a request's or a launch's language is read. No zod here:
 * the Mini App's first load imports this module (api/contracts/me.ts holds the schema).
 * Adding a language: its code here and its catalogs in locales/<code>/ (docs/decisions/102).
 */
export const languages = ["en", "ru", "es", "ar"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

/** Each language's own name, as its readers look for it in a list. */
export const languageNames: Record<Language, string> = {
  en: "English",
  ru: "Русский",
  es: "Español",
  ar: "العربية",
};

const rightToLeft: ReadonlySet<Language> = new Set(["ar"]);

/** How the language's text runs: Arabic right to left, the others left to right. */
export const textDirection = (language: Language): "ltr" | "rtl" =>
  rightToLeft.has(language) ? "rtl" : "ltr";

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (languages as readonly string[]).includes(value);

/**
 * A language tag as Telegram (`language_code`) or a browser sends it, to one we ship: the primary
 * subtag, lower-cased (`pt-BR` → `pt`, `RU` → `ru`); null for one we do not ship or no tag at all.
 */
export function shippedLanguage(tag: string | null | undefined): Language | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/**
 * The best shipped language of an `Accept-Language` header (by its q-values, ties in the order
 * given); English when it names none we ship or there is no header.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return defaultLanguage;
  const ranked = header
    .slice(0, 512)
    .split(",")
    .slice(0, 32)
    .map((part, index) => {
      const [tag, ...params] = part.split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { language: shippedLanguage(tag), q: q ? Number(q[1]) : 1, index };
    })
    .filter((entry) => entry.language && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.language ?? defaultLanguage;
}
