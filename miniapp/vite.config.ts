import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here("."),
  publicDir: here("./public"),
  plugins: [react()],
  build: {
    outDir: here("../dist/miniapp"),
    emptyOutDir: true,
    target: "es2020",
    sourcemap: false,
    reportCompressedSize: true,
  },
  server: {
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: false },
      "/media": { target: "http://localhost:3000", changeOrigin: false },
    },
  },
});
