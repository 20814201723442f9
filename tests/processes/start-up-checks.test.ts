import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_BOT_TOKEN } from "../helpers/accounts";
import { spawnEntryPoint } from "../helpers/entry-point";
import { freePort } from "../helpers/free-port";
import { emptyServerDatabase, POSTGRES_SERVER_URL } from "../helpers/server-database";
import { startServerProcess } from "../helpers/server-process";

// The README's promise for the settings that need a real start (decision 122): each refusal is one
// line naming the setting, exit 1, no stack trace. The parser's refusals of every setting:
// tests/unit/config-every-setting.test.ts.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "start-up-checks-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** The server started with `env` over the defaults: its exit code and the lines it printed besides its log. */
async function refusedStart(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const { exited, output } = spawnEntryPoint("api/main.ts", [], {
    DATABASE_URL: "",
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    BOT_TOKEN: "",
    LOG_LEVEL: "silent",
    ...env,
  });
  const code = await exited;
  return { code, lines: output().trim().split("\n") };
}

describe("a start that cannot work stops with one line naming the setting", () => {
  it("DATABASE_URL naming a Postgres nobody answers at: its host and port, never its password", async () => {
    const port = await freePort();
    const { code, lines } = await refusedStart({
      DATABASE_URL: `postgres://shop:s3cret-pass@127.0.0.1:${port}/shop`,
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `DATABASE_URL: cannot reach Postgres at 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`,
    ]);
  });

  it("DATABASE_URL naming a database the Postgres server does not have: the server's refusal", async () => {
    const url = new URL(POSTGRES_SERVER_URL);
    const name = `startup_missing_${randomBytes(4).toString("hex")}`;
    url.pathname = `/${name}`;
    const { code, lines } = await refusedStart({ DATABASE_URL: url.toString() });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `DATABASE_URL: Postgres at ${url.hostname}:${url.port || "5432"} (database ${name}) refused the connection: database "${name}" does not exist`,
    ]);
  });

  it("an http PUBLIC_URL with a running bot: Telegram needs https", async () => {
    const { code, lines } = await refusedStart({
      BOT_TOKEN: TEST_BOT_TOKEN,
      BOT_MODE: "polling",
      PUBLIC_URL: "http://shop.example.com",
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      "Invalid configuration:",
      "  PUBLIC_URL: must be an https:// URL with the bot (BOT_TOKEN without BOT_MODE=off): Telegram opens the Mini App and sends its webhook only over https",
    ]);
  });

  it("a DATA_DIR it cannot write, and a STATIC_DIR without the built Mini App", async () => {
    const file = join(dataDir, "not-a-directory");
    await writeFile(file, "");
    expect(await refusedStart({ DATA_DIR: file })).toEqual({
      code: 1,
      lines: [`DATA_DIR: cannot write to ${file} (EEXIST)`],
    });
    expect(await refusedStart({ STATIC_DIR: dataDir })).toEqual({
      code: 1,
      lines: [
        `STATIC_DIR: ${dataDir} holds no index.html: point it at the built Mini App (npm run build makes dist/miniapp)`,
      ],
    });
  });

  it("a PORT another process holds", { timeout: 120_000 }, async () => {
    // On Postgres: a second PGlite process would be refused for DATA_DIR first.
    const { url, drop } = await emptyServerDatabase("startup_port");
    try {
      const first = await startServerProcess(dataDir, { DATABASE_URL: url });
      try {
        const { code, lines } = await refusedStart({ DATABASE_URL: url, PORT: String(first.port) });
        expect(code).toBe(1);
        expect(lines).toEqual([`PORT: 127.0.0.1:${first.port} is in use by another process (EADDRINUSE)`]);
      } finally {
        first.proc.kill("SIGKILL");
        await first.exited;
      }
    } finally {
      await drop();
    }
  });
});
