import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface FirstLoadJs {
  /** Gzipped bytes of the JS a web visitor's home page loads: entry, its imports, the home page. */
  web: number;
  /** The same inside Telegram, where the SDK chunk loads as well. */
  telegram: number;
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
  const gzipped = (keys: Set<string>) =>
    [...keys].reduce((sum, key) => {
      const file = manifest[key]?.file;
      return file ? sum + gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length : sum;
    }, 0);
  const web = closure(["src/main.tsx", "src/pages/home-page.tsx"]);
  const telegram = closure(["src/telegram/init.ts"], new Set(web));
  return {
    web: gzipped(web),
    telegram: gzipped(telegram),
    files: [...telegram].map((key) => manifest[key]?.file ?? key),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = firstLoadJs();
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  console.log(
    JSON.stringify({ webKb: kb(result.web), telegramKb: kb(result.telegram), files: result.files }),
  );
}
