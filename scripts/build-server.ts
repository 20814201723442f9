// Compiles the server's entry points (esbuild, with source maps) into a folder, the migrations' SQL
// and the SQL functions' files beside them: `npm run build:server` into dist/server, and the process tests into a folder of
// their own (tests/helpers/server-build-setup.ts), so they run what `npm start` runs.
import { cpSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Builds into `outdir` (inside the project: the bundle finds its packages in node_modules). */
export async function buildServer(outdir: string): Promise<void> {
  await build({
    entryPoints: ["api/main.ts", "api/migrate-cli.ts", "api/admin-cli.ts"].map((entry) => join(root, entry)),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    packages: "external",
    sourcemap: true,
    outdir,
    logLevel: "warning",
  });
  cpSync(join(root, "db/migrations"), join(outdir, "migrations"), { recursive: true });
  cpSync(join(root, "db/functions"), join(outdir, "functions"), { recursive: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer(join(root, process.argv[2] ?? "dist/server"));
}
