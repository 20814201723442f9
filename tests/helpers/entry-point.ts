import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";

/**
 * One of our entry points (api/main.ts, api/admin-cli.ts) in a child process, its output collected;
 * from the sources through tsx, or with `plainNode` a compiled one (dist/server/*.js) as npm start runs it.
 */
export function spawnEntryPoint(
  script: string,
  args: string[],
  env: Record<string, string>,
  options: { plainNode?: boolean } = {},
): { child: ChildProcessWithoutNullStreams; output: () => string; exited: Promise<number | null> } {
  const loader = options.plainNode ? ["--enable-source-maps"] : ["--import", "tsx"];
  const child = spawn(process.execPath, [...loader, script, ...args], {
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, output: () => output, exited };
}
