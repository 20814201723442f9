import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { z } from "zod";
import type { Config } from "#api/process/config";
import type { CommandOutput } from "./admin-commands";

/**
 * What `npm run admin -- backup` writes and `restore` reads: one tar holding backup.json, PGlite's
 * data dump (database.tar.gz) and the locally stored media (media/). Decisions 087 and 098.
 */
export const FORMAT = 1;
export const DUMP = "database.tar.gz";
export const MANIFEST = "backup.json";
export const MEDIA = "media";

export const mediaDir = (config: Config) => join(resolve(config.DATA_DIR), MEDIA);

/**
 * backup.json. `mediaFiles` (each media file's path under media/ and its size, which restore checks)
 * is absent from backups made before restore checked them.
 */
export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  createdAt: z.string(),
  media: z.boolean(),
  mediaFiles: z.record(z.string(), z.number().int().nonnegative()).optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** The regular files under `dir` (links are not media), by their path under it with `/` separators, and their sizes. */
export function mediaFilesUnder(dir: string): Record<string, number> {
  if (!existsSync(dir)) return {};
  const files: Record<string, number> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(dir, path).split(sep).join("/")] = statSync(path).size;
  }
  return files;
}

/** The commands are for the embedded database: Postgres is backed up and restored with its own tools. */
export function refusePostgres(config: Config, io: CommandOutput, tool: string): boolean {
  if (!config.DATABASE_URL) return false;
  io.err(
    `DATABASE_URL names a Postgres server: back it up with its own tools (${tool}); see docs/operating.md, Backups. This command is for the embedded database.`,
  );
  return true;
}
