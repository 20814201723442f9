import { linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** In the PGlite data directory: the pid of the process that has it open, and that process's start time. */
export const PGLITE_LOCK_FILE = "shop-process.lock";

/** A second process on one PGlite directory: PGlite itself would abort with `RuntimeError: Aborted()`. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The database in ${dataDir} is in use by process ${pid}: the embedded database takes one process at a time. ` +
        "Stop that process first, or use Postgres (DATABASE_URL) to run several.",
    );
  }
}

/** When the process started, in clock ticks since boot (Linux); undefined where /proc cannot tell. */
function startTime(pid: number | "self"): string | undefined {
  try {
    // The command name (field 2) may hold spaces; the fields after it are plain.
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1)?.split(" ")[19];
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote the lock still runs: its pid is alive and, where known, started when recorded. */
function holderRuns(pid: number, recordedStart: string | undefined): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // After a crash and a restart (a container's), the pid may belong to some other process now.
  const start = startTime(pid);
  return !recordedStart || !start || start === recordedStart;
}

// Directories this process holds: a second open in the same process is refused too.
const held = new Set<string>();

/**
 * Takes the directory for this process. The lock file appears whole and only if absent (written
 * aside, then hard-linked in place). A lock whose holder no longer runs (kill -9, a crash) is taken
 * over. Returns the release, which also runs at exit.
 */
export function lockPgliteDir(dataDir: string): () => void {
  const path = join(dataDir, PGLITE_LOCK_FILE);
  if (held.has(path)) throw new DataDirInUseError(dataDir, process.pid);
  const mine = `${process.pid}\n${startTime("self") ?? ""}\n`;
  const aside = `${path}.${process.pid}`;
  writeFileSync(aside, mine);
  try {
    for (;;) {
      try {
        linkSync(aside, path);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const [pid = "", recordedStart] = readIfThere(path).split("\n");
      if (holderRuns(Number(pid), recordedStart || undefined))
        throw new DataDirInUseError(dataDir, Number(pid));
      rmSync(path, { force: true });
    }
  } finally {
    rmSync(aside, { force: true });
  }
  held.add(path);
  const release = () => {
    if (!held.delete(path)) return;
    process.off("exit", release);
    if (readIfThere(path) === mine) rmSync(path, { force: true });
  };
  process.on("exit", release);
  return release;
}

function readIfThere(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
