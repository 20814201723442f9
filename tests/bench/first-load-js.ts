import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface FirstLoadJs {
  /**
   * Gzipped bytes of the JS and CSS a web visitor's home page loads: the start script, the entry,
   * its imports, the home page and their stylesheets (the component kit's included).
   */
  web: number;
  /** The same inside Telegram, where the SDK chunk (and, for a new member, the age gate) loads as well. */
  telegram: number;
  /** Of those, the stylesheets alone. */
  css: number;
  /**
   * Per language: the first loads with the first screen's words in that language (the one request
   * the first paint waits for), and the language's member catalog, which a change to it costs.
   */
  byLanguage: Record<string, { web: number; telegram: number; catalog: number }>;
  files: string[];
}

/**
 * Measures the built Mini App (run `npm run build` first) from Vite's manifest, without a browser.
 * `npx tsx tests/bench/first-load-js.ts` prints it as JSON.
 */
export function firstLoadJs(
  distDir = fileURLToPath(new URL("../../dist/miniapp", import.meta.url)),
): FirstLoadJs {
  const manifest = JSON.parse(readFileSync(join(distDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const filesOf = (keys: Set<string>) => [
    ...new Set([...keys].flatMap((key) => [manifest[key]?.file ?? key, ...(manifest[key]?.css ?? [])])),
  ];
  const gzipped = (files: string[]) =>
    files.reduce((sum, file) => sum + gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length, 0);
  // start.js: the small script that starts the app's modules once the first screen has painted.
  const web = closure(["start.js", "src/main.tsx", "src/home/home-page.tsx", "src/home/landing.tsx"]);
  // Inside Telegram a new member's first launch also shows the age gate (its own chunk).
  const telegram = filesOf(closure(["src/telegram/init.ts", "src/home/age-gate.tsx"], new Set(web)));
  const webBytes = gzipped(filesOf(web));
  const telegramBytes = gzipped(telegram);
  const byLanguage: FirstLoadJs["byLanguage"] = {};
  const catalogChunk = (language: string, surface: string) =>
    gzipped([manifest[`../virtual:catalog/${language}/${surface}`]?.file ?? ""]);
  for (const key of Object.keys(manifest)) {
    const language = /virtual:catalog\/([a-z]+)\/start$/.exec(key)?.[1];
    if (!language) continue;
    // The first screen waits for the start chunk; a change of language loads the app chunk.
    const start = catalogChunk(language, "start");
    byLanguage[language] = {
      web: webBytes + start,
      telegram: telegramBytes + start,
      catalog: catalogChunk(language, "app"),
    };
  }
  return {
    web: webBytes,
    telegram: telegramBytes,
    css: gzipped(telegram.filter((file) => file.endsWith(".css"))),
    byLanguage,
    files: telegram,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = firstLoadJs();
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  console.log(
    JSON.stringify({
      webKb: kb(result.web),
      telegramKb: kb(result.telegram),
      cssKb: kb(result.css),
      byLanguage: Object.fromEntries(
        Object.entries(result.byLanguage).map(([language, sizes]) => [
          language,
          { webKb: kb(sizes.web), telegramKb: kb(sizes.telegram), catalogKb: kb(sizes.catalog) },
        ]),
      ),
      files: result.files,
    }),
  );
}
