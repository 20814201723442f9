export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * Writes to stdout once per turn of the event loop: a write to a pipe is synchronous on Linux, and
 * one per request halved the throughput of the hot routes. `flush()` empties it (at exit).
 */
export function batchedStdout(): { write: (line: string) => void; flush: () => void } {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const chunk = `${pending.join("\n")}\n`;
    pending = [];
    process.stdout.write(chunk);
  };
  return {
    write: (line) => {
      if (pending.push(line) === 1) setImmediate(flush);
    },
    flush,
  };
}

/** One JSON line per event. Callers pass no secrets: tokens, passwords and initData never get here. */
export function createLogger(level: "info" | "silent", write: (line: string) => void = console.log): Logger {
  const emit = (lvl: string) => (message: string, fields?: Record<string, unknown>) => {
    if (level === "silent" && lvl !== "error") return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, message, ...fields }));
  };
  return { info: emit("info"), warn: emit("warn"), error: emit("error") };
}
