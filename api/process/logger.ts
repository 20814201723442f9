import { currentRequestId } from "./request-scope";

/** What the `request` line of every answered request says. */
export interface RequestLine {
  requestId: string;
  method: string;
  /** The path only: query strings can carry tokens. */
  path: string;
  status: number;
  seconds: number;
}

export interface Logger {
  /** The one line per answered request: written for every request, so made without an object. */
  request(line: RequestLine): void;
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

/**
 * One JSON line per event, with the id of the request it belongs to, if any. Callers pass no
 * secrets: tokens, passwords and initData never get here.
 */
export function createLogger(level: "info" | "silent", write: (line: string) => void = console.log): Logger {
  // Busy routes log thousands of lines a millisecond apart or less: each millisecond is formatted once.
  let lastMs = Number.NaN;
  let lastTime = "";
  const time = () => {
    const ms = Date.now();
    if (ms !== lastMs) {
      lastMs = ms;
      lastTime = new Date(ms).toISOString();
    }
    return lastTime;
  };
  const emit = (lvl: string) => (message: string, fields?: Record<string, unknown>) => {
    if (level === "silent" && lvl !== "error") return;
    const requestId = currentRequestId();
    write(
      JSON.stringify({
        time: time(),
        level: lvl,
        message,
        ...(requestId ? { requestId } : {}),
        ...fields,
      }),
    );
  };
  const request = ({ requestId, method, path, status, seconds }: RequestLine) => {
    if (level === "silent") return;
    // The same line `info("request", {...})` would make, field for field, at a third of the cost.
    write(
      `{"time":"${time()}","level":"info","message":"request","requestId":${JSON.stringify(requestId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${Math.round(seconds * 10_000) / 10}}`,
    );
  };
  return { request, info: emit("info"), warn: emit("warn"), error: emit("error") };
}

type ErrorLink = Error & {
  cause?: unknown;
  error?: unknown;
  code?: unknown;
  severity?: unknown;
  query?: unknown;
};

/** The error and what it wraps: `cause`, or `error` in grammY's BotError and HttpError. */
function errorChain(error: unknown): ErrorLink[] {
  const chain: ErrorLink[] = [];
  for (
    let e = error;
    e instanceof Error && chain.length < 5;
    e = chain.at(-1)?.cause ?? chain.at(-1)?.error
  ) {
    chain.push(e);
  }
  return chain;
}

/**
 * What a log line says about a failure. A database error's text can quote the values it was
 * given (drizzle appends "params: …", Postgres "Key (email)=(…)" or "Failing row contains …"), and
 * wrappers repeat that text, so when the chain holds one (a Postgres error has a severity, drizzle's
 * a query) the line has the classes, the SQLSTATE code, the statement with its placeholders and
 * the stack's frames. Anything else keeps its stack.
 */
export function errorFields(error: unknown): Record<string, unknown> {
  const chain = errorChain(error);
  const database = chain.find((e) => typeof e.severity === "string");
  const query = chain.find((e) => typeof e.query === "string")?.query;
  if (!database && query === undefined) {
    return { error: error instanceof Error ? (error.stack ?? String(error)) : String(error) };
  }
  return {
    error: chain.map((e) => e.constructor.name).join(" < "),
    ...(typeof database?.code === "string" ? { code: database.code } : {}),
    ...(query !== undefined ? { query } : {}),
    stack: (chain[0]?.stack ?? "")
      .split("\n")
      .filter((line) => line.startsWith("    at "))
      .join("\n"),
  };
}
