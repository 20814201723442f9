import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

/**
 * The Mini App's catalogs (locales/<language>/app.json with messages.json, and admin.json) as one
 * chunk per language and surface, each compiled at build time so the browser ships no ICU parser:
 * `virtual:catalogs` lists a loader per language and surface (docs/decisions/102).
 */
export function translationCatalogs(localesDir: string): Plugin {
  const index = "\0virtual:catalogs";
  const one = /^virtual:catalog\/([a-z]{2,3})\/(app|admin)$/;
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
            `${JSON.stringify(language)}: { app: () => import("virtual:catalog/${language}/app"), admin: () => import("virtual:catalog/${language}/admin") }`,
        );
        return `export const catalogs = { ${entries.join(", ")} };`;
      }
      const match = one.exec(id.slice(1));
      if (!match) return null;
      const [, language = "", surface = ""] = match;
      const files = surface === "app" ? ["messages", "app"] : ["admin"];
      const messages: Record<string, unknown> = {};
      for (const file of files) {
        this.addWatchFile(join(localesDir, language, `${file}.json`));
        for (const [key, text] of Object.entries(read(language, file))) messages[key] = compileMessage(text);
      }
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}
