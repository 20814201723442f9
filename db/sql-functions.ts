import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { type Executor, executeRows } from "./rows";

/**
 * The SQL functions whose current body lives in a file of its own (db/functions/<name>.sql), so a
 * change to one is a one-file diff: the file's first line is `-- version: N`, and the file is one
 * `CREATE OR REPLACE FUNCTION` statement. Beside this file in the sources; the compiled server has a
 * copy beside its bundle (npm run build).
 */
export const functionsFolder = fileURLToPath(new URL("./functions", import.meta.url));

export interface SqlFunctionFile {
  name: string;
  version: number;
  body: string;
}

const VERSION_LINE = /^-- version: (\d+)\n/;

/** The folder's files, by name; a file without its version line is a mistake, refused at once. */
export function readFunctionFiles(folder = functionsFolder): SqlFunctionFile[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => {
      const body = readFileSync(join(folder, file), "utf8");
      const version = VERSION_LINE.exec(body)?.[1];
      if (!version) throw new Error(`db/functions/${file} must start with "-- version: N"`);
      return { name: file.slice(0, -".sql".length), version: Number(version), body };
    });
}

/**
 * Creates or replaces each function whose file's version is newer than the one the database
 * records (schema_functions), after the migrations and under their lock. A version only goes up:
 * a process of an older version, started during a rolling upgrade, never puts an older body back.
 * Returns the names it applied.
 */
export async function applyFunctions(db: Executor, files = readFunctionFiles()): Promise<string[]> {
  const recorded = new Map(
    (
      await executeRows<{ name: string; version: number }>(
        db,
        sql`select name, version from schema_functions`,
      )
    ).map((row) => [row.name, Number(row.version)]),
  );
  const newer = files.filter((file) => file.version > (recorded.get(file.name) ?? 0));
  for (const file of newer) {
    await db.execute(sql.raw(file.body));
    await db.execute(
      sql`insert into schema_functions (name, version) values (${file.name}, ${file.version})
          on conflict (name) do update set version = excluded.version, applied_at = now()`,
    );
  }
  return newer.map((file) => file.name);
}
