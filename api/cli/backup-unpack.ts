import { createReadStream } from "node:fs";
import * as tar from "tar";

/** The file is not a backup this version can restore, or is damaged. */
export class NotABackup extends Error {}
/** A sound backup that this restore refuses (too large, from a newer version) or could not finish. */
export class NotRestored extends Error {}

/** What a restore may unpack in all: each entry's tar header and contents, across every archive it opens. */
export interface Budget {
  readonly max: number;
  used: number;
}

const TAR_HEADER = 512;
/** Only plain files and folders are unpacked: a link, once copied, could point anywhere on the disk. */
const UNPACKED = new Set(["File", "OldFile", "ContiguousFile", "Directory"]);
const KINDS: Record<string, string> = { SymbolicLink: "a symbolic link", Link: "a hard link" };
/** A warning that is no fault: node-tar strips a leading `/` (PGlite's dump names its files so). */
const INFO = "TAR_ENTRY_INFO";

/**
 * Unpacks the tar (gzipped or not) at `file` into the existing folder `dir`, streamed entry by
 * entry. Every entry stays inside `dir` (node-tar strips absolute paths and refuses `..`); an entry
 * that is not a plain file or folder refuses the whole archive; each entry is counted against
 * `budget` before it is written, so nothing past the cap reaches the disk. `skip` leaves entries out.
 * `what` names the archive in refusals ("the file", "its database.tar.gz").
 */
export function unpackTar(
  file: string,
  dir: string,
  budget: Budget,
  what: string,
  skip: (path: string) => boolean = () => false,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const input = createReadStream(file);
    const unpack = new tar.Unpack({
      cwd: dir,
      // Files belong to whoever restores, whatever owners the archive names.
      preserveOwner: false,
      filter: (path, entry) => {
        const type = "type" in entry ? entry.type : "Unsupported";
        if (!UNPACKED.has(type)) {
          unpack.abort(new NotABackup(`${what} holds ${KINDS[type] ?? `a ${type} entry`}, ${path}`));
          return false;
        }
        budget.used += TAR_HEADER + entry.size;
        if (budget.used > budget.max) {
          unpack.abort(
            new NotRestored(
              `it unpacks to more than RESTORE_MAX_BYTES (${budget.max} bytes), which guards against a file that expands without end; raise it if you trust this backup`,
            ),
          );
          return false;
        }
        return !skip(path);
      },
      onwarn: (code, message, data) => {
        if (code === INFO) return;
        // A file system error (ENOSPC, EACCES) is the disk's fault, not the archive's.
        const fromDisk = typeof data.code === "string" && /^E[A-Z]+$/.test(data.code);
        unpack.abort(
          fromDisk
            ? new NotRestored(`unpacking it failed (${message})`)
            : new NotABackup(`${what} is damaged or not a tar archive (${message})`),
        );
      },
    });
    unpack.on("error", (error: Error) => {
      input.unpipe(unpack);
      input.destroy();
      const known = error instanceof NotABackup || error instanceof NotRestored;
      // Otherwise the decompressor's own error: a damaged or truncated gzip stream.
      reject(known ? error : new NotABackup(`${what} is damaged or not a tar archive (${error.message})`));
    });
    unpack.on("close", () => resolve());
    input.on("error", (error) => reject(new NotABackup(`${what} cannot be read (${error.message})`)));
    input.pipe(unpack);
  });
}
