import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeTemplate } from "./test-db";

/** Vitest global setup: one migrated template database per run, copied by every test file. */
export default async function setup(): Promise<() => Promise<void>> {
  const directory = await mkdtemp(join(tmpdir(), "shop-template-"));
  const remove = await makeTemplate(directory);
  return async () => {
    await remove();
    await rm(directory, { recursive: true, force: true });
  };
}
