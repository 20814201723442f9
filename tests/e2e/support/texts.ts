import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const locales = fileURLToPath(new URL("../../../locales/", import.meta.url));
const cache = new Map<string, Record<string, string>>();

/**
 * A plain text (no placeholders) of a catalog, as a member reading `language` sees it: the tests
 * ask the catalogs rather than copying their words. In `messages` (the contracts' words, the
 * server's answers among them) the key is the English text.
 */
export function catalogText(
  language: string,
  key: string,
  file: "app" | "admin" | "messages" = "app",
): string {
  const path = `${locales}${language}/${file}.json`;
  let catalog = cache.get(path);
  if (!catalog) {
    catalog = JSON.parse(readFileSync(path, "utf8")) as Record<string, string>;
    cache.set(path, catalog);
  }
  const text = catalog[key];
  if (text === undefined) throw new Error(`${key} is not in ${language}/${file}.json`);
  if (/[{}]/.test(text)) throw new Error(`${key} has placeholders: catalogText gives plain texts only`);
  return text;
}
