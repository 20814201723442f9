import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminUserList, adminUserListSchema } from "#api/contracts/admin";
import { planRequests, users } from "#db/schema/index";
import { bearer, createMember, errorOf, post, signInitData, TEST_BOT_TOKEN } from "../helpers/accounts";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers } from "../helpers/tiers";

// GET /api/admin/users at scale: search (name, email, Telegram @username) and pages, over a database of its own.
let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  t = await startTestApp({ env: { BOT_TOKEN: TEST_BOT_TOKEN } });
  admin = await createMember(t, { roles: ["admin"], fullName: "Ada Admin", email: "ada@shop.example" });
});
afterAll(() => t.close());

const list = async (query: string): Promise<AdminUserList> => {
  const res = await t.app.request(`/api/admin/users?${query}`, { headers: bearer(admin.token) });
  expect(res.status, await res.clone().text()).toBe(200);
  return adminUserListSchema.parse(await res.json());
};
const search = async (text: string) =>
  (await list(new URLSearchParams({ search: text }).toString())).users.map((u) => u.id);

let telegramUserId = "";
async function telegramUser(username: string, firstName: string): Promise<string> {
  const res = await t.app.request(
    "/api/auth/telegram",
    post({
      initData: signInitData(
        { id: 8_500_000_000 + username.length, first_name: firstName, username },
        new Date(),
      ),
    }),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: { id: string } }).user.id;
}

describe("search", () => {
  let marta: Awaited<ReturnType<typeof createMember>>;
  let percent: Awaited<ReturnType<typeof createMember>>;
  let underscore: Awaited<ReturnType<typeof createMember>>;
  let backslash: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    marta = await createMember(t, { fullName: "Marta Kowalski", email: "mk-personal@mail.example" });
    percent = await createMember(t, { fullName: "Fifty 50% Off", email: "percent@shop.example" });
    underscore = await createMember(t, { fullName: "Snake Case", email: "snake_case@shop.example" });
    backslash = await createMember(t, { fullName: "Back\\Slash", email: "backslash@shop.example" });
    telegramUserId = await telegramUser("night_owl", "Olli");
  });

  it("finds by part of the name, ignoring case", async () => {
    expect(await search("kowal")).toEqual([marta.userId]);
    expect(await search("MARTA K")).toEqual([marta.userId]);
  });

  it("finds by part of the email, ignoring case", async () => {
    expect(await search("MK-PERSONAL@")).toEqual([marta.userId]);
    expect(await search("mail.example")).toEqual([marta.userId]);
  });

  it("finds a Telegram user by @username or the username alone, ignoring case", async () => {
    expect(await search("@night_owl")).toEqual([telegramUserId]);
    expect(await search("NIGHT_O")).toEqual([telegramUserId]);
    const [user] = (await list("search=%40night")).users;
    expect(user).toMatchObject({
      id: telegramUserId,
      fullName: "Olli",
      email: null,
      telegramUsername: "night_owl",
    });
  });

  it("takes %, _ and \\ literally, not as wildcards", async () => {
    expect(await search("50%")).toEqual([percent.userId]);
    expect(await search("%")).toEqual([percent.userId]);
    // "_" matches the underscore in snake_case@ and in @night_owl, not any one character.
    expect((await search("_")).sort()).toEqual([underscore.userId, telegramUserId].sort());
    expect(await search("e_c")).toEqual([underscore.userId]);
    // As a wildcard "n_k" would match "Snake".
    expect(await search("n_k")).toEqual([]);
    expect(await search("\\")).toEqual([backslash.userId]);
    expect(await search("k\\s")).toEqual([backslash.userId]);
  });

  it("trims the search; an empty one lists everyone; no match is an empty page", async () => {
    expect(await search("  kowal  ")).toEqual([marta.userId]);
    const everyone = await list("search=");
    expect(everyone.total).toBe(everyone.users.length);
    expect(everyone.users.map((u) => u.id)).toContain(admin.userId);
    expect(await list("search=nobody-is-called-this")).toEqual({
      users: [],
      total: 0,
      page: 1,
      pageSize: 24,
    });
  });

  it("works together with ?filter=pending", async () => {
    const tiers = await insertTestTiers(t.services.database.db);
    await t.services.database.db
      .insert(planRequests)
      .values({ userId: underscore.userId, tierId: tiers.basic, tierName: "Basic" });
    expect(await list("filter=pending&search=snake")).toMatchObject({
      total: 1,
      users: [{ id: underscore.userId }],
    });
    expect(await list("filter=pending&search=kowal")).toMatchObject({ total: 0, users: [] });
    expect((await list("search=snake")).users[0]?.pendingRequest).toMatchObject({ tierName: "Basic" });
  });
});

describe("pages", () => {
  it("walks every user once, oldest first, however the pages are cut", async () => {
    for (let i = 0; i < 7; i++) await createMember(t, { fullName: `Paged Person ${i}` });
    // Two accounts created in the same instant: the id keeps their order fixed.
    const sameInstant = new Date("2026-01-01T00:00:00Z");
    const [first, second] = await t.services.database.db
      .insert(users)
      .values([{ createdAt: sameInstant }, { createdAt: sameInstant }])
      .returning();
    const all = await list("pageSize=100");
    expect(all.total).toBe(all.users.length);
    expect(all.users.map((u) => u.id)).toContain(first?.id);
    expect(all.users.map((u) => u.id)).toContain(second?.id);
    for (const size of [1, 3, 4]) {
      const seen: string[] = [];
      for (let page = 1; seen.length < all.total; page++) {
        const answer = await list(`pageSize=${size}&page=${page}`);
        expect(answer).toMatchObject({ total: all.total, page, pageSize: size });
        expect(answer.users.length).toBe(Math.min(size, all.total - (page - 1) * size));
        seen.push(...answer.users.map((u) => u.id));
      }
      expect(seen, `pages of ${size}`).toEqual(all.users.map((u) => u.id));
    }
    expect((await list(`pageSize=3&page=${Math.ceil(all.total / 3) + 1}`)).users).toEqual([]);
  });

  it("pages a search too", async () => {
    const paged = await list("search=paged+person&pageSize=5");
    expect(paged.total).toBe(7);
    expect(paged.users.map((u) => u.fullName)).toEqual([0, 1, 2, 3, 4].map((i) => `Paged Person ${i}`));
    const next = await list("search=paged+person&pageSize=5&page=2");
    expect(next.users.map((u) => u.fullName)).toEqual(["Paged Person 5", "Paged Person 6"]);
  });

  it("24 a page unless asked; at most 100", async () => {
    expect((await list("")).pageSize).toBe(24);
    expect((await list("pageSize=100")).pageSize).toBe(100);
    const tooMany = await t.app.request("/api/admin/users?pageSize=101", { headers: bearer(admin.token) });
    expect(tooMany.status).toBe(400);
  });
});

describe("bad queries and access", () => {
  it.each([
    "pageSize=0",
    "pageSize=1000",
    "pageSize=ten",
    "page=0",
    "page=-1",
    "page=1.5",
    "page=99999",
    "filter=everyone",
    `search=${"x".repeat(101)}`,
    "search=%00",
  ])("?%s is 400 with the error shape", async (query) => {
    const res = await t.app.request(`/api/admin/users?${query}`, { headers: bearer(admin.token) });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("bad_request");
    expect(error.message).toEqual(expect.any(String));
  });

  it("is 403 for everyone but admins and 401 signed out, searching or not", async () => {
    for (const roles of [["moderator"], ["employee"], []] as const) {
      const someone = await createMember(t, { roles: [...roles] });
      const res = await t.app.request("/api/admin/users?search=a&page=2", { headers: bearer(someone.token) });
      expect(res.status).toBe(403);
    }
    expect((await t.app.request("/api/admin/users?search=a")).status).toBe(401);
    // A signed-out bad query is still 401: nothing about the list is told before the role check.
    expect((await t.app.request("/api/admin/users?pageSize=0")).status).toBe(401);
  });
});

describe("the role change's answer", () => {
  it("carries the Telegram username", async () => {
    const res = await t.app.request(`/api/admin/users/${telegramUserId}/role`, {
      method: "PUT",
      headers: { ...bearer(admin.token), "content-type": "application/json" },
      body: JSON.stringify({ role: "employee" }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: unknown }).user).toMatchObject({
      id: telegramUserId,
      telegramUsername: "night_owl",
      roles: ["employee"],
    });
    await t.services.database.db
      .update(users)
      .set({ telegramUsername: null })
      .where(eq(users.id, telegramUserId));
    expect(await search("night_owl")).toEqual([]);
  });
});
