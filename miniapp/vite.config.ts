import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import {
  precompress,
  preloadFirstRoute,
  pruneKitCss,
  startAfterFirstPaint,
  stylesheetsFirst,
} from "./build-plugins";
import { translationCatalogs } from "./translation-catalogs";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// The API the dev server forwards to: `npm run dev` serves it on port 3000.
const apiTarget = process.env.MINIAPP_API_URL ?? "http://localhost:3000";

export default defineConfig({
  root: here("."),
  publicDir: here("./public"),
  plugins: [
    react(),
    translationCatalogs(here("../locales"), here(".")),
    pruneKitCss(here("./src")),
    preloadFirstRoute("src/home/home-page.tsx"),
    stylesheetsFirst(),
    startAfterFirstPaint(),
    precompress(here("../dist/miniapp")),
  ],
  build: {
    outDir: here("../dist/miniapp"),
    emptyOutDir: true,
    target: "es2020",
    sourcemap: false,
    reportCompressedSize: true,
    // .vite/manifest.json: which chunks each page needs (tests/bench/first-load-js.ts reads it).
    manifest: true,
    // Seven hash characters instead of eight (the fewest Rolldown allows for this many files): every import and every lazy screen's list of files names
    // chunks by hash, about 200 of them, and the random part is what gzip cannot shrink (a returning
    // member's first load, tests/e2e/bundle.spec.ts).
    rollupOptions: {
      output: {
        entryFileNames: "assets/[name]-[hash:7].js",
        chunkFileNames: "assets/[name]-[hash:7].js",
        assetFileNames: "assets/[name]-[hash:7][extname]",
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: apiTarget },
      "/media": { target: apiTarget },
    },
  },
});
