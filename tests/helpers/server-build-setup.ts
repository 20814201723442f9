import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer } from "../../scripts/build-server";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Vitest global setup: the server compiled once per run, from the sources as they are now, for the
 * tests that start it as a child process (tests/helpers/entry-point.ts). Starting compiled code
 * takes a fraction of the CPU that tsx's loader does, which counted with two processes per test.
 * The folder sits under node_modules so the bundle finds its packages.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const cache = join(root, "node_modules/.cache");
  await mkdir(cache, { recursive: true });
  const outdir = await mkdtemp(join(cache, "test-server-"));
  await buildServer(outdir);
  process.env.TEST_SERVER_BUILD = outdir;
  return () => rm(outdir, { recursive: true, force: true });
}
