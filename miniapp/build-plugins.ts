import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { IndexHtmlTransformContext, Plugin } from "vite";

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

/** The chunks `moduleId` needs beyond what the entry already loads (Vite preloads those itself). */
function chunksBeyondEntry(
  bundle: NonNullable<IndexHtmlTransformContext["bundle"]>,
  moduleId: string,
): string[] {
  const chunks = new Map(
    Object.values(bundle)
      .filter((output) => output.type === "chunk")
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const closure = (start: string[], seen = new Set<string>()) => {
    for (const fileName of start) {
      const chunk = chunks.get(fileName);
      if (!chunk || seen.has(fileName)) continue;
      seen.add(fileName);
      closure(chunk.imports, seen);
    }
    return seen;
  };
  const loadedByEntry = closure([...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName));
  const first = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(moduleId));
  return first ? [...closure([first.fileName])].filter((file) => !loadedByEntry.has(file)) : [];
}

/**
 * The first screen's chunks are lazy (routes are split), so the browser would find them only after
 * the entry has run: modulepreload links let it fetch them alongside the entry instead.
 */
export function preloadFirstRoute(moduleId: string): Plugin {
  return {
    name: "preload-first-route",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        return chunksBeyondEntry(ctx.bundle, moduleId).map((file) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
          injectTo: "head" as const,
        }));
      },
    },
  };
}
