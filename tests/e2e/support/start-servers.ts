// The end-to-end run's servers, started side by side (playwright.config.ts runs this as its one web
// server; Playwright would start several one after another). In this process: the fake Shopify
// Storefront endpoint and the fake SMTP server of the integration tests, the latter writing each
// message as one JSON line to the run's mailbox, where the tests read reset and verification links.
// As child processes: the compiled app servers listed in E2E_APP_SERVERS. Once all of them answer
// /api/health, LAUNCHER_PORT answers too. Playwright ends the run by killing this process's group,
// the app servers with it.
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, openSync } from "node:fs";
import { createServer } from "node:http";
import { decodeQuotedPrintable, fakeSmtpServer } from "../../helpers/fake-smtp";
import { startFakeStorefront } from "../../helpers/fake-storefront";
import { LAUNCHER_PORT, SMTP_PORT, STOREFRONT_PORT, seededMailbox } from "./env";

export interface AppServer {
  name: string;
  port: number;
  env: Record<string, string>;
  /** The file the server's standard output (its log) goes to; none: dropped. */
  log?: string;
}

const START_TIMEOUT_MS = 180_000;
const servers = JSON.parse(process.env.E2E_APP_SERVERS ?? "[]") as AppServer[];

await startFakeStorefront(STOREFRONT_PORT);
const mailbox = seededMailbox();
const smtp = fakeSmtpServer((mail) => {
  const to = mail.to.map((line) => /<([^>]+)>/.exec(line)?.[1] ?? line);
  appendFileSync(mailbox, `${JSON.stringify({ to, text: decodeQuotedPrintable(mail.data) })}\n`);
});
await new Promise<void>((resolve) => smtp.server.listen(SMTP_PORT, "127.0.0.1", resolve));

const children: ChildProcess[] = [];
const stopAll = (code: number) => {
  for (const child of children) child.kill("SIGKILL");
  process.exit(code);
};
process.on("SIGTERM", () => stopAll(0));
process.on("SIGINT", () => stopAll(0));

async function healthy(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

async function start(server: AppServer): Promise<void> {
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
    env: { ...process.env, ...server.env, PORT: String(server.port) },
    stdio: ["ignore", server.log ? openSync(server.log, "a") : "ignore", "pipe"],
  });
  children.push(child);
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[${server.name}] ${chunk}`));
  let exited = false;
  child.on("exit", (code, signal) => {
    exited = true;
    console.error(`[${server.name}] exited (${signal ?? code})`);
    stopAll(1);
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!exited && !(await healthy(server.port))) {
    if (Date.now() > deadline) {
      console.error(`[${server.name}] did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
      stopAll(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

await Promise.all(servers.map(start));
createServer((_request, response) => response.end("ready")).listen(LAUNCHER_PORT, "127.0.0.1");
