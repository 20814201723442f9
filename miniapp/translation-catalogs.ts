import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import { appLiterals, FEED_MODULES, FIRST_SCREEN_MODULES, moduleLiterals } from "./first-screen-texts";
import { messageId } from "./src/i18n/message-id";

/**
 * The Mini App's catalogs as chunks per language, compiled at build time so the browser ships no
 * ICU parser; `virtual:catalogs` lists a loader per language and chunk (docs/decisions/102):
 * - `start`: the words of the first screen's code (miniapp/first-screen-texts.ts), which the first
 *   paint waits for;
 * - `feed`: the feed's other words, which come with the feed's code (a returning member's first screen);
 * - `app`: all of locales/<language>/app.json, and of messages.json the contracts' words the Mini
 *   App's code holds (the server words its own answers), which any later screen waits for and
 *   which is the one request a change of language costs;
 * - `admin`: locales/<language>/admin.json, loaded with Administration's screens.
 * In a build, each named key becomes a short id in the catalogs and in the Mini App's code alike
 * (`"cart.emptyShopper"` → `"_2f"`), so neither carries the long names; the contracts' messages
 * keep their English keys, which the server shares.
 */
export function translationCatalogs(localesDir: string, miniappDir: string): Plugin {
  const index = "\0virtual:catalogs";
  const one = /^virtual:catalog\/([a-z]{2,3})\/(start|feed|app|admin)$/;
  // Which keys the start and feed chunks hold (the feed's without the first screen's).
  let parts: { start: Set<string>; feed: Set<string>; app: Set<string> } | undefined;
  const partsOf = () => {
    if (!parts) {
      const start = moduleLiterals(miniappDir, FIRST_SCREEN_MODULES);
      const feed = moduleLiterals(miniappDir, FEED_MODULES);
      for (const literal of start) feed.delete(literal);
      parts = { start, feed, app: appLiterals(miniappDir) };
    }
    return parts;
  };
  let shortIds: Map<string, string> | undefined;
  const sourceDir = join(miniappDir, "src");
  const read = (language: string, file: string): Record<string, string> =>
    JSON.parse(readFileSync(join(localesDir, language, `${file}.json`), "utf8"));
  const idOf = (key: string) => shortIds?.get(key) ?? key;
  return {
    name: "translation-catalogs",
    configResolved(config) {
      if (config.command !== "build") return;
      const keys = ["app", "admin"].flatMap((file) => Object.keys(read("en", file))).sort();
      shortIds = new Map(keys.map((key, index) => [key, `_${index.toString(36)}`]));
    },
    transform(code, file) {
      if (!shortIds || !file.startsWith(sourceDir) || !/\.[jt]sx?$/.test(file)) return null;
      // A key is only ever a whole string literal (its type is the catalog's keys).
      const out = code.replace(/(["'`])([A-Za-z]\w*(?:\.\w+)+)\1/g, (literal, quote: string, key: string) => {
        const short = shortIds?.get(key);
        return short ? `${quote}${short}${quote}` : literal;
      });
      return out === code ? null : { code: out, map: null };
    },
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
            `${JSON.stringify(language)}: { ${["start", "feed", "app", "admin"]
              .map((surface) => `${surface}: () => import("virtual:catalog/${language}/${surface}")`)
              .join(", ")} }`,
        );
        return `export const catalogs = { ${entries.join(", ")} };`;
      }
      const match = one.exec(id.slice(1));
      if (!match) return null;
      const [, language = "", surface = ""] = match;
      const files = surface === "admin" ? ["admin"] : ["messages", "app"];
      const only = surface === "start" || surface === "feed" ? partsOf()[surface] : null;
      const messages: Record<string, unknown> = {};
      for (const file of files) {
        this.addWatchFile(join(localesDir, language, `${file}.json`));
        // Named keys are all the app's; an English-keyed message only if the app's code holds it,
        // under its short id (src/i18n/message-id.ts).
        const wanted = only ?? (file === "messages" ? partsOf().app : null);
        for (const [key, text] of Object.entries(read(language, file))) {
          if (wanted && !wanted.has(key)) continue;
          const id = file === "messages" ? messageId(key) : idOf(key);
          if (id in messages) throw new Error(`two catalog entries share the id ${id}: ${key}`);
          messages[id] = compileMessage(text);
        }
      }
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}
