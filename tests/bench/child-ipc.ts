// Child processes of the bench that talk over IPC: servers (bench-server.ts) and client processes.
import { type ChildProcess, spawn } from "node:child_process";

const root = new URL("../..", import.meta.url).pathname;

/** Runs `command` with the open-files limit raised as far as the hard limit allows. */
export function withManyFiles(command: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn("bash", ["-c", `ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec ${command}`], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

/**
 * The bench's API server (bench-server.ts) in production mode, quiet, the bot fed by the bench,
 * with room for `streams` event streams from one address; `env` adds to or overrides that.
 */
export function startBenchServer(
  databaseUrl: string,
  dataDir: string,
  streams: number,
  env: Record<string, string> = {},
): ChildProcess {
  return withManyFiles(`"${process.execPath}" --expose-gc --import tsx tests/bench/bench-server.ts`, {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "silent",
    BOT_MODE: "off",
    SSE_MAX_PER_ADDRESS: String(streams),
    SSE_MAX_STREAMS: String(streams),
    ...env,
  });
}

export function ask<T>(child: ChildProcess, message: object, key: keyof T): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`child exited (${code})`));
    const onMessage = (reply: T) => {
      if (reply && typeof reply === "object" && key in reply) {
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(reply);
      }
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
    if (Object.keys(message).length) child.send(message);
  });
}

export const kill = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
