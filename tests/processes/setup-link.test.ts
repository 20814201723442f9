import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDb } from "#db/client";
import { setupLinks } from "#db/schema/index";
import { GOOD_PASSWORD, uniqueEmail } from "../helpers/accounts";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { eventually } from "../helpers/test-app";

// The first admin without a restart (decision 122), as a new owner meets it: the server's first
// start prints a one-time link; opened signed in, it makes the admin; an hour later or a second time
// it is refused; once there is an admin no start prints one. On PGlite, the default.
let root: string;
let shopDir: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "setup-link-"));
  shopDir = join(root, "shop");
});
afterAll(() => rm(root, { recursive: true, force: true }));

const start = (env: Record<string, string> = {}) => startServerProcess(root, { DATA_DIR: shopDir, ...env });

/** The setup link a start printed (its log line's `setupLink`), once it has. */
async function printedLink(server: ServerProcess): Promise<URL> {
  return eventually(async () => {
    const line = server
      .output()
      .split("\n")
      .find((text) => text.includes('"setupLink"'));
    expect(line).toBeDefined();
    return new URL((JSON.parse(line ?? "{}") as { setupLink: string }).setupLink);
  }, 10_000);
}

/** SIGTERM, and a clean stop: the start had run to its end (the link offered or not) before. */
async function stop(server: ServerProcess) {
  server.proc.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

async function signUp(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: uniqueEmail("owner"),
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      ageConfirmed: true,
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

const claim = (server: ServerProcess, link: URL, session: string) =>
  fetch(`${server.url}/api/setup/claim`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${session}` },
    body: JSON.stringify({ token: link.searchParams.get("token") }),
  });
const reasonOf = async (res: Response) => ((await res.json()) as { error: { reason?: string } }).error.reason;

// Three starts of PGlite, one after another: 5 to 25 s each on this machine.
it("works once, expires after its hour, and is printed only while nobody is admin", {
  timeout: 240_000,
}, async () => {
  // The first start of an empty shop, without PUBLIC_URL: the local address.
  const first = await start();
  const expired = await printedLink(first);
  expect(`${expired.origin}${expired.pathname}`).toBe(`http://localhost:${first.port}/setup`);
  await stop(first);

  // An hour passes (the link's row says so), and the owner starts the shop again, now public.
  const database = await createDb({ dataDir: join(shopDir, "pglite") });
  await database.db.update(setupLinks).set({ expiresAt: new Date(Date.now() - 60_000) });
  await database.close();
  const second = await start({ PUBLIC_URL: "https://shop.example.com" });
  const link = await printedLink(second);
  expect(`${link.origin}${link.pathname}`).toBe("https://shop.example.com/setup");

  const owner = await signUp(second);
  const tooLate = await claim(second, expired, owner);
  expect(tooLate.status).toBe(410);
  expect(await reasonOf(tooLate)).toBe("setup_link_expired");
  const claimed = await claim(second, link, owner);
  expect(claimed.status).toBe(200);
  expect(await claimed.json()).toEqual({ roles: ["admin"] });
  const again = await claim(second, link, await signUp(second));
  expect(again.status).toBe(410);
  expect(await reasonOf(again)).toBe("setup_link_used");
  await stop(second);

  // The shop has its admin: the next start prints no link.
  const third = await start();
  await stop(third);
  expect(third.output()).toContain('"message":"listening"');
  expect(third.output()).not.toContain("setupLink");
});
