import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { basename, join } from "node:path";

/**
 * The compiled form of an entry point in the run's server build (tests/helpers/server-build-setup.ts),
 * if the run made one: `api/main.ts` → `<build>/main.js`.
 */
function compiled(script: string): string | undefined {
  const build = process.env.TEST_SERVER_BUILD;
  return build && /^api\/[\w-]+\.ts$/.test(script) ? join(build, `${basename(script, ".ts")}.js`) : undefined;
}

/**
 * One of our entry points (api/main.ts, api/admin-cli.ts) in a child process, its output collected:
 * the run's compiled build of the sources when there is one, else the sources through tsx; with
 * `plainNode` the given compiled file (dist/server/*.js) as npm start runs it.
 */
export function spawnEntryPoint(
  script: string,
  args: string[],
  env: Record<string, string>,
  options: { plainNode?: boolean } = {},
): { child: ChildProcessWithoutNullStreams; output: () => string; exited: Promise<number | null> } {
  const built = options.plainNode ? script : compiled(script);
  const command = built ? ["--enable-source-maps", built] : ["--import", "tsx", script];
  const child = spawn(process.execPath, [...command, ...args], {
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
