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
