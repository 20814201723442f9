import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside every compressible file of `dir`. */
export async function precompressDir(dir: string): Promise<number> {
  let written = 0;
  for await (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    const bytes = await readFile(path);
    await writeFile(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    );
    await writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    written++;
  }
  return written;
}

/**
 * The build leaves brotli and gzip copies of its text files, so the server sends compressed bytes
 * without compressing on every request (api/routes/static.ts picks them by Accept-Encoding).
 */
export function precompress(outDir: string): Plugin {
  return {
    name: "precompress",
    apply: "build",
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
