import { createHash } from "node:crypto";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { transform } from "lightningcss";
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
 * without compressing on every request (api/http/routes/static.ts picks them by Accept-Encoding).
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

const KIT_CLASS = /tgui-[0-9a-f]{16}/g;
const KIT = "@telegram-apps/telegram-ui";

async function readTree(dir: string, test: RegExp): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for await (const path of filesUnder(dir))
    if (test.test(path)) files.set(path, await readFile(path, "utf8"));
  return files;
}

/**
 * The kit classes the app can render: every kit export the app's source imports, the kit module
 * that defines it, and everything that module imports from the kit in turn.
 */
async function usedKitClasses(sourceDir: string, kitDir: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (const code of (await readTree(sourceDir, /\.tsx?$/)).values()) {
    for (const match of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@telegram-apps\/telegram-ui"/g)) {
      for (const name of (match[1] ?? "").split(","))
        if (name.trim()) names.add(name.replace(/^\s*type\s+/, "").trim());
    }
  }
  const kit = await readTree(kitDir, /\.js$/);
  const pending = [...kit]
    .filter(
      ([path, code]) =>
        !path.includes("/cjs/") && [...names].some((name) => code.includes(`export const ${name} =`)),
    )
    .map(([path]) => path);
  const seen = new Set<string>();
  const used = new Set<string>();
  while (pending.length > 0) {
    const path = pending.pop() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    const code = kit.get(path) ?? "";
    for (const name of code.match(KIT_CLASS) ?? []) used.add(name);
    for (const match of code.matchAll(/from\s*"(\.{1,2}\/[^"]+)"/g)) {
      const base = join(path, "..", match[1] ?? "");
      for (const candidate of [base, `${base}.js`, join(base, "index.js")])
        if (kit.has(candidate)) pending.push(candidate);
    }
  }
  return used;
}

/**
 * The component kit ships one stylesheet for all of its components. Its class names are hashed
 * strings its components' code names literally, so a selector is dead when it needs a kit class
 * that no component the app imports can render. The stylesheet is pruned when it is loaded, before
 * the build hashes file names, so a file name still changes whenever its content does.
 */
export function pruneKitCss(sourceDir: string): Plugin {
  return {
    name: "prune-kit-css",
    apply: "build",
    async transform(code, id) {
      if (!id.includes(`${KIT}/dist/styles.css`)) return null;
      const used = await usedKitClasses(sourceDir, join(id.split(`${KIT}/`)[0] ?? "", KIT, "dist"));
      const live = (selector: unknown) =>
        (JSON.stringify(selector).match(KIT_CLASS) ?? []).every((name) => used.has(name));
      const pruned = transform({
        filename: id,
        code: Buffer.from(code),
        visitor: {
          Rule: {
            style(rule) {
              const selectors = rule.value.selectors.filter(live);
              if (selectors.length === rule.value.selectors.length) return undefined;
              if (selectors.length === 0) return [];
              return { ...rule, value: { ...rule.value, selectors } };
            },
          },
        },
      });
      return { code: pruned.code.toString(), map: null };
    },
  };
}

/**
 * Stylesheets go first in <head>, right after the title: over HTTP/1.1 a browser opens six
 * connections per host, and the render-blocking CSS must not queue behind the module preloads.
 */
export function stylesheetsFirst(): Plugin {
  return {
    name: "stylesheets-first",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
        if (links.length === 0) return html;
        const without = links.reduce((rest, link) => rest.replace(link, ""), html);
        return without.replace(
          "</title>",
          `</title>\n    ${links.map((link) => link.trim()).join("\n    ")}`,
        );
      },
    },
  };
}

/** The template that holds the app's script tags until the first screen has painted. */
export const APP_SCRIPTS_ID = "app-scripts";
/** The longest the first screen may hold the app's scripts back (an image that never finishes). */
const MAX_WAIT_MS = 2000;

/**
 * Starts the app's scripts once the first screen the server drew is on screen: its largest image
 * (the one it marks `elementtiming`) painted, else its first contentful paint, as the browser
 * reports them once the frame has been presented (Chromium reports both; Safari and Firefox the
 * first contentful paint only: for them, once the image has loaded and the next frame is drawn).
 * An image that failed, a hidden tab (it paints nothing) start at once, and nothing waits longer
 * than MAX_WAIT_MS. Plain ES5, so any browser that runs it at all runs all of it.
 */
const START_SCRIPT = `(function () {
  var scripts = document.getElementById("${APP_SCRIPTS_ID}");
  if (!scripts) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    document.head.appendChild(document.importNode(scripts.content, true));
  }
  if (document.visibilityState === "hidden") return start();
  setTimeout(start, ${MAX_WAIT_MS});
  var reported = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  function whenPresented(type, wanted) {
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntries().some(wanted)) {
        observer.disconnect();
        start();
      }
    });
    observer.observe({ type: type, buffered: true });
  }
  function afterNextFrame() {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  var image = document.querySelector("#root img[elementtiming]");
  if (image && image.complete && !image.naturalWidth) {
    start();
  } else if (image && reported.indexOf("element") >= 0) {
    whenPresented("element", function (entry) { return entry.element === image; });
    image.addEventListener("error", start);
  } else if (image && !image.complete) {
    image.addEventListener("load", afterNextFrame);
    image.addEventListener("error", afterNextFrame);
  } else if (reported.indexOf("paint") >= 0) {
    whenPresented("paint", function (entry) { return entry.name === "first-contentful-paint"; });
  } else {
    afterNextFrame();
  }
})();
`;

/**
 * The app's scripts are fetched once the server-drawn first screen has painted, not alongside the
 * stylesheet. The module script and the modulepreload links Vite writes go into an inert
 * <template>, and a small deferred classic script (CSP: a file of our own, no inline script) moves
 * them into <head> after that first paint. On a slow link the first screen's stylesheet and images
 * then have the bandwidth to themselves, and its largest paint is the server's, never waiting for
 * the scripts; these start one paint later than they would have.
 */
export function startAfterFirstPaint(): Plugin {
  const fileName = `assets/start-${createHash("sha256").update(START_SCRIPT).digest("hex").slice(0, 8)}.js`;
  return {
    name: "start-after-first-paint",
    apply: "build",
    generateBundle() {
      // Named, so the build manifest lists it ("start.js") and the first-load budget counts it.
      this.emitFile({
        type: "asset",
        fileName,
        name: "start.js",
        originalFileName: "start.js",
        source: START_SCRIPT,
      });
    },
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const tags =
          html.match(/[ \t]*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)\n?/g) ??
          [];
        if (tags.length === 0) return html;
        const without = tags.reduce((rest, tag) => rest.replace(tag, ""), html);
        const template = `<template id="${APP_SCRIPTS_ID}">\n      ${tags.map((tag) => tag.trim()).join("\n      ")}\n    </template>`;
        return without.replace(
          "</head>",
          `  ${template}\n    <script defer src="/${fileName}"></script>\n  </head>`,
        );
      },
    },
  };
}
