import { rm } from "node:fs/promises";

/** Removes the run's temporary data directories (PGlite files) and the server logs. */
export default async function teardown(): Promise<void> {
  for (const dir of [process.env.E2E_DATA_DIR, process.env.E2E_LOG_DIR]) {
    if (dir?.includes("e2e-")) await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}
