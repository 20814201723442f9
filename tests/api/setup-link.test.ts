import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runAdminCommand } from "#api/cli/admin-commands";
import { rolesResponseSchema } from "#api/contracts/account";
import { offerSetupLink, warnAboutConfiguredAdmins } from "#api/domain/accounts";
import { setupLinks, userRoles } from "#db/schema/index";
import { bearer, createMember, errorOf, HOUR, MINUTE, post, recordingLogger } from "../helpers/accounts";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";

// The first admin without a restart (decision 122): a start while nobody holds admin prints a
// one-time link; whoever opens it signed in becomes the admin, once, within the hour.
let t: TestApp;
let clock = Date.parse("2026-03-01T10:00:00Z");
beforeAll(async () => {
  t = await startTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());

const db = () => t.services.database.db;
/** An empty shop again: nobody holds admin, no link was printed. */
beforeEach(async () => {
  await db().delete(userRoles);
  await db().delete(setupLinks);
});

/** What a start prints: the link, or nothing. */
async function printedLink(origin = "https://shop.example.com"): Promise<string | undefined> {
  const log = recordingLogger();
  await offerSetupLink({ ...t.services, log }, origin);
  const link = log.lines.find((line) => line.fields?.setupLink)?.fields?.setupLink;
  return typeof link === "string" ? link : undefined;
}
async function newToken(): Promise<string> {
  const link = await printedLink();
  const token = link ? new URL(link).searchParams.get("token") : null;
  if (!token) throw new Error("no setup link printed");
  return token;
}

const claim = (token: unknown, who?: { token: string }) =>
  t.app.request("/api/setup/claim", post({ token }, who ? bearer(who.token) : {}));
const admins = async () =>
  db()
    .select({ userId: userRoles.userId, grantedBy: userRoles.grantedBy })
    .from(userRoles)
    .where(eq(userRoles.role, "admin"));

describe("the setup link a start prints", () => {
  it("goes to /setup at the public or local address, for an hour; only its hash is kept", async () => {
    const log = recordingLogger();
    await offerSetupLink({ ...t.services, log }, "http://localhost:3000/");
    expect(log.lines).toHaveLength(1);
    const [line] = log.lines;
    expect(line?.message).toBe(
      "no admin yet: open this one-time setup link within an hour, signed in, to become the shop's first admin",
    );
    const link = new URL(String(line?.fields?.setupLink));
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost:3000/setup");
    const token = link.searchParams.get("token") ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(line?.fields?.expiresAt).toBe(new Date(clock + HOUR).toISOString());
    const [row] = await db().select().from(setupLinks);
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.expiresAt.getTime()).toBe(clock + HOUR);
  });

  it("is printed while nobody holds admin, and not once someone does", async () => {
    expect(await printedLink()).toMatch(/^https:\/\/shop\.example\.com\/setup\?token=/);
    await createMember(t, { roles: ["admin"] });
    expect(await printedLink()).toBeUndefined();
    expect(await db().select().from(setupLinks)).toHaveLength(1);
  });
});

describe("POST /api/setup/claim", () => {
  it("makes the signed-in caller the admin, once; a role given on purpose", async () => {
    const token = await newToken();
    const owner = await createMember(t);
    const res = await claim(token, owner);
    expect(res.status).toBe(200);
    expect(rolesResponseSchema.parse(await res.json())).toEqual({ roles: ["admin"] });
    expect(await admins()).toEqual([{ userId: owner.userId, grantedBy: "setup_link" }]);
    const [row] = await db().select().from(setupLinks);
    expect(row).toMatchObject({ usedBy: owner.userId, usedAt: new Date(clock) });
    // The session's own view says so at once.
    const me = await t.app.request("/api/me/roles", { headers: bearer(owner.token) });
    expect(await me.json()).toEqual({ roles: ["admin"] });

    // A second use, by anyone: used.
    const again = await claim(token, await createMember(t));
    expect(again.status).toBe(410);
    expect(await errorOf(again)).toEqual({
      code: "gone",
      message: "This setup link was already used: each one makes a single admin, once.",
      reason: "setup_link_used",
    });
    expect((await claim(token, owner)).status).toBe(410);
  });

  it("refuses a link past its hour", async () => {
    const token = await newToken();
    clock += HOUR + MINUTE;
    const res = await claim(token, await createMember(t));
    expect(res.status).toBe(410);
    expect(await errorOf(res)).toEqual({
      code: "gone",
      message:
        "This setup link has expired: it works for an hour. Restart the server for a new one, or run npm run admin -- grant with your email.",
      reason: "setup_link_expired",
    });
    expect(await admins()).toEqual([]);
  });

  it("refuses once the shop has an admin, however it got one", async () => {
    const token = await newToken();
    await createMember(t, { roles: ["admin"] });
    const res = await claim(token, await createMember(t));
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: "conflict",
      message: "This shop already has an admin: ask them for a role under Administration › Users.",
      reason: "setup_admin_exists",
    });
  });

  it("refuses a token it never printed, and a missing one, in the link's words", async () => {
    await newToken();
    const member = await createMember(t);
    const invalid = {
      code: "bad_request",
      message: "This setup link is not valid: copy the whole link the server printed when it started.",
    };
    const wrong = await claim("not-a-token-we-printed", member);
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toEqual({ ...invalid, reason: "setup_link_invalid" });
    const missing = await claim(undefined, member);
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toEqual(invalid);
    expect(await admins()).toEqual([]);
  });

  it("needs a session: the screen sends a visitor to sign in first", async () => {
    const token = await newToken();
    expect((await claim(token)).status).toBe(401);
    expect(await db().select({ usedAt: setupLinks.usedAt }).from(setupLinks)).toEqual([{ usedAt: null }]);
  });

  it("of two links claimed at once by two people, one makes the admin", async () => {
    await racing();
    // Two processes started at once, each printed its own link.
    const [first, second] = [await newToken(), await newToken()];
    const [ada, bob] = [await createMember(t), await createMember(t)];
    const answers = await Promise.all([claim(first, ada), claim(second, bob)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(await admins()).toHaveLength(1);
  });

  it("one link claimed at once by two people makes one admin; the other hears it was used", async () => {
    await racing();
    const token = await newToken();
    const [ada, bob] = [await createMember(t), await createMember(t)];
    const answers = await Promise.all([claim(token, ada), claim(token, bob)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 410]);
    expect(await admins()).toHaveLength(1);
  });
});

describe("the ADMIN_EMAILS warning", () => {
  it("leaves out an admin the setup link or the admin command made, and names one of unknown origin", async () => {
    const config = {
      ...t.services.config,
      ADMIN_EMAILS: ["owner@example.com", "granted@example.com", "old@example.com"],
    };
    const owner = await createMember(t, { email: "owner@example.com" });
    expect((await claim(await newToken(), owner)).status).toBe(200);
    await createMember(t, { email: "granted@example.com" });
    const quiet = { out: () => {}, err: () => {} };
    expect(await runAdminCommand(t.services, ["grant", "granted@example.com", "admin"], quiet)).toBe(0);
    await createMember(t, { email: "old@example.com", roles: ["admin"] });
    const log = recordingLogger();
    await warnAboutConfiguredAdmins({ ...t.services, db: db(), config, log });
    const warning = log.lines.find((line) => line.message.includes("without having verified it"));
    expect(warning?.fields).toEqual({ emails: ["old@example.com"] });
  });
});
