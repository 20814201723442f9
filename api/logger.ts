export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** One JSON line per event. Callers pass no secrets: tokens, passwords and initData never get here. */
export function createLogger(level: "info" | "silent", write: (line: string) => void = console.log): Logger {
  const emit = (lvl: string) => (message: string, fields?: Record<string, unknown>) => {
    if (level === "silent" && lvl !== "error") return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, message, ...fields }));
  };
  return { info: emit("info"), warn: emit("warn"), error: emit("error") };
}
