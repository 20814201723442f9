import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import { firstScreenLiterals } from "./first-screen-texts";

/**
 * The Mini App's catalogs as chunks per language, compiled at build time so the browser ships no
 * ICU parser; `virtual:catalogs` lists a loader per language and chunk (docs/decisions/102):
 * - `start`: the words of the first screen's code (miniapp/first-screen-texts.ts), which the first
 *   paint waits for;
 * - `app`: all of locales/<language>/app.json and messages.json, which follows the first paint and
 *   is the one request a change of language costs;
 * - `admin`: locales/<language>/admin.json, loaded with Administration's screens.
 */
export function translationCatalogs(localesDir: string, miniappDir: string): Plugin {
  const index = "\0virtual:catalogs";
  const one = /^virtual:catalog\/([a-z]{2,3})\/(start|app|admin)$/;
  let firstScreen: Set<string> | undefined;
  const read = (language: string, file: string): Record<string, string> =>
    JSON.parse(readFileSync(join(localesDir, language, `${file}.json`), "utf8"));
  return {
    name: "translation-catalogs",
    resolveId(id) {
      if (id === "virtual:catalogs") return index;
      if (one.test(id)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === index) {
        const languages = readdirSync(localesDir, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name);
        const entries = languages.map(
          (language) =>
            `${JSON.stringify(language)}: { ${["start", "app", "admin"]
              .map((surface) => `${surface}: () => import("virtual:catalog/${language}/${surface}")`)
              .join(", ")} }`,
        );
        return `export const catalogs = { ${entries.join(", ")} };`;
      }
      const match = one.exec(id.slice(1));
      if (!match) return null;
      const [, language = "", surface = ""] = match;
      const files = surface === "admin" ? ["admin"] : ["messages", "app"];
      if (surface === "start") firstScreen ??= firstScreenLiterals(miniappDir);
      const messages: Record<string, unknown> = {};
      for (const file of files) {
        this.addWatchFile(join(localesDir, language, `${file}.json`));
        for (const [key, text] of Object.entries(read(language, file))) {
          if (surface !== "start" || firstScreen?.has(key)) messages[key] = compileMessage(text);
        }
      }
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}
