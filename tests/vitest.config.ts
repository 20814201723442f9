import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("..", import.meta.url).pathname,
    // Two cores: more workers only contend for the CPU and the database.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts", "tests/db/**/*.test.ts", "tests/bot/**/*.test.ts"],
          globalSetup: ["tests/helpers/template-db-setup.ts"],
          // Each file starts its own app over its own database, and none mocks a module: the files
          // of a worker share one import of the API instead of importing it again (seconds a file).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
