import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { translationCatalogs } from "../miniapp/translation-catalogs";

export default defineConfig({
  // Mini App modules under unit test load their catalogs as the build does.
  plugins: [
    translationCatalogs(
      fileURLToPath(new URL("../locales", import.meta.url)),
      fileURLToPath(new URL("../miniapp", import.meta.url)),
    ),
  ],
  test: {
    root: new URL("..", import.meta.url).pathname,
    // Two cores: more workers only contend for the CPU and the database.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          setupFiles: ["tests/unit/english.setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts", "tests/db/**/*.test.ts", "tests/bot/**/*.test.ts"],
          globalSetup: ["tests/helpers/template-db-setup.ts", "tests/helpers/server-build-setup.ts"],
          // Each file starts its own app over its own database, and none mocks a module: the files
          // of a worker share one import of the API instead of importing it again (seconds a file).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Real child processes (start-up, shutdown, the bot's runtime, the PGlite lock, migrations and
      // events across processes). Each file picks its own database kind, whatever DATABASE_URL says
      // (PGlite, or a database of its own on the local Postgres server), so the suite runs them once.
      {
        extends: true,
        test: {
          name: "processes",
          include: ["tests/processes/**/*.test.ts"],
          globalSetup: ["tests/helpers/server-build-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
