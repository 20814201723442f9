import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUserListSchema } from "#api/contracts/admin";
import { planRequestResultSchema } from "#api/contracts/plan-payments";
import { changePlanResultSchema, planSchema } from "#api/contracts/plans";
import { warnAboutTiersWithoutStars } from "#api/domain/plans";
import { loadConfig } from "#api/process/config";
import { membershipHistory, membershipTiers, planRequests, users } from "#db/schema/index";
import { bearer, createMember, errorOf, jsonRequest, post, recordingLogger } from "../helpers/accounts";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// PLAN_PAYMENTS=manual (the default outside development): paid tiers are requested, admins decide.
let t: TestApp;
let tier: Record<TestTierName, string>;
let admin: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  t = await startTestApp({ env: { PLAN_PAYMENTS: "manual" } });
  tier = await insertTestTiers(t.services.database.db);
  admin = await createMember(t, { roles: ["admin"], fullName: "Ada Admin" });
});
afterAll(() => t.close());

const choose = async (token: string, tierId: string) => {
  const res = await t.app.request("/api/me/plan", jsonRequest("PUT", { tierId }, bearer(token)));
  expect(res.status).toBe(200);
  return changePlanResultSchema.parse(await res.json());
};
const planOf = async (token: string) =>
  planSchema.parse(await (await t.app.request("/api/me/plan", { headers: bearer(token) })).json());
const decide = (requestId: string, decision: "approve" | "decline", token = admin.token) =>
  t.app.request(`/api/admin/plan-requests/${requestId}/${decision}`, post({}, bearer(token)));
const pendingUsers = async () => {
  const res = await t.app.request("/api/admin/users?filter=pending", { headers: bearer(admin.token) });
  expect(res.status).toBe(200);
  return adminUserListSchema.parse(await res.json()).users;
};
const history = (userId: string) =>
  t.services.database.db.select().from(membershipHistory).where(eq(membershipHistory.userId, userId));

describe("PLAN_PAYMENTS", () => {
  it("is free only when set: manual by default, or Stars where the bot runs", () => {
    // No paid tier is free unless the operator says so.
    expect(loadConfig({}).PLAN_PAYMENTS).toBe("manual");
    expect(loadConfig({ PLAN_PAYMENTS: "free" }).PLAN_PAYMENTS).toBe("free");
    // With a bot to take them, Stars (members without Telegram still request manually).
    const bot = { BOT_TOKEN: "123:abc", PUBLIC_URL: "https://shop.example" };
    expect(loadConfig(bot).PLAN_PAYMENTS).toBe("stars");
    expect(loadConfig({ ...bot, BOT_MODE: "off" }).PLAN_PAYMENTS).toBe("manual");
    expect(loadConfig({ PLAN_PAYMENTS: "stars" }).PLAN_PAYMENTS).toBe("stars");
    expect(() => loadConfig({ PLAN_PAYMENTS: "cash" })).toThrow(/PLAN_PAYMENTS/);
  });

  it("stars: the start warns in one line of the active paid tiers nobody can buy, naming them", async () => {
    const log = recordingLogger();
    const stars = { ...t.services.config, PLAN_PAYMENTS: "stars" as const };
    await warnAboutTiersWithoutStars({ ...t.services, config: stars, log });
    // Basic has a Stars price, Free costs nothing, Retired is inactive: Premium alone.
    expect(log.lines).toEqual([
      {
        level: "warn",
        message:
          "PLAN_PAYMENTS=stars, but these active paid tiers have no Stars price, so nobody can buy them: Premium. Give each a price in Stars (Administration › Memberships, the tier's form), or choose another PLAN_PAYMENTS",
        fields: { tiers: ["Premium"] },
      },
    ]);
    // Another mode sells them otherwise: nothing to say.
    const manual = recordingLogger();
    await warnAboutTiersWithoutStars({ ...t.services, log: manual });
    expect(manual.lines).toEqual([]);
  });
});

describe("manual payments: the member asks", () => {
  it("a paid tier is requested: the plan stays, the request is pending and shown", async () => {
    const member = await createMember(t);
    const result = await choose(member.token, tier.basic);
    expect(result.outcome).toBe("requested");
    expect(result.tier).toBeNull();
    expect(result.payments).toBe("manual");
    expect(result.request).toMatchObject({ tierId: tier.basic, tierName: "Basic", status: "pending" });
    expect((await planOf(member.token)).request?.status).toBe("pending");
  });

  it("a tier that costs nothing is taken at once", async () => {
    const member = await createMember(t);
    const result = await choose(member.token, tier.free);
    expect(result).toMatchObject({ outcome: "changed", tier: { displayName: "Free" }, request: null });
  });

  it("keeps one open request: asking again replaces it, also when both arrive at once", async () => {
    await racing();
    const member = await createMember(t);
    await Promise.all([choose(member.token, tier.basic), choose(member.token, tier.premium)]);
    await choose(member.token, tier.premium);
    const rows = await t.services.database.db
      .select()
      .from(planRequests)
      .where(eq(planRequests.userId, member.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tierName: "Premium", status: "pending" });
  });

  it("an inactive tier is still 404 Plan not found", async () => {
    const member = await createMember(t);
    const res = await t.app.request(
      "/api/me/plan",
      jsonRequest("PUT", { tierId: tier.retired }, bearer(member.token)),
    );
    expect(res.status).toBe(404);
    expect((await errorOf(res)).message).toBe("Plan not found");
  });
});

describe("manual payments: admins decide under Users admin", () => {
  it("lists members with a request waiting, with their tier, and approving moves the member", async () => {
    const member = await createMember(t, { fullName: "Wanting Basic" });
    await choose(member.token, tier.free);
    const { request } = await choose(member.token, tier.basic);
    const listed = (await pendingUsers()).find((u) => u.id === member.userId);
    expect(listed).toMatchObject({
      fullName: "Wanting Basic",
      tier: { displayName: "Free", tierLevel: 1 },
      pendingRequest: { id: request?.id, tierName: "Basic", status: "pending" },
    });
    expect((await pendingUsers()).every((u) => u.pendingRequest?.status === "pending")).toBe(true);

    const res = await decide(request?.id ?? "", "approve");
    expect(res.status).toBe(200);
    expect(planRequestResultSchema.parse(await res.json()).request.status).toBe("approved");
    const plan = await planOf(member.token);
    expect(plan.tier?.displayName).toBe("Basic");
    expect(plan.request).toMatchObject({ status: "approved" });
    expect((await history(member.userId)).map((h) => h.reason)).toEqual(["Plan request approved"]);
    expect((await pendingUsers()).some((u) => u.id === member.userId)).toBe(false);
  });

  it("declining leaves the plan; the member sees it was declined", async () => {
    const member = await createMember(t);
    const { request } = await choose(member.token, tier.premium);
    expect((await decide(request?.id ?? "", "decline")).status).toBe(200);
    const plan = await planOf(member.token);
    expect(plan.tier).toBeNull();
    expect(plan.request).toMatchObject({ status: "declined", tierName: "Premium" });
    expect(plan.request?.decidedAt).not.toBeNull();
  });

  it("a request is decided once: two admins at the same moment get one 200 and one 409", async () => {
    const other = await createMember(t, { roles: ["admin"] });
    for (let round = 0; round < 3; round++) {
      const member = await createMember(t);
      const { request } = await choose(member.token, tier.basic);
      const answers = await Promise.all([
        decide(request?.id ?? "", "approve"),
        decide(request?.id ?? "", "decline", other.token),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const refused = answers.find((r) => r.status === 409);
      expect((await errorOf(refused as Response)).message).toBe("This request was already decided");
      const approved = answers[0]?.status === 200;
      expect((await planOf(member.token)).tier?.displayName ?? null).toBe(approved ? "Basic" : null);
    }
  });

  it("a tier switched off since: approval is refused and the request stays pending", async () => {
    const db = t.services.database.db;
    const member = await createMember(t);
    const { request } = await choose(member.token, tier.premium);
    await db.update(membershipTiers).set({ isActive: false }).where(eq(membershipTiers.id, tier.premium));
    try {
      const res = await decide(request?.id ?? "", "approve");
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe("This plan is no longer available");
      expect((await planOf(member.token)).request?.status).toBe("pending");
      expect((await planOf(member.token)).tier).toBeNull();
    } finally {
      await db.update(membershipTiers).set({ isActive: true }).where(eq(membershipTiers.id, tier.premium));
    }
  });

  it("unknown and malformed ids are 404 Request not found; members cannot decide", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const res = await decide(id, "approve");
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe("Request not found");
    }
    const member = await createMember(t);
    const { request } = await choose(member.token, tier.basic);
    expect((await decide(request?.id ?? "", "approve", member.token)).status).toBe(403);
  });
});

describe("stars payments for members without Telegram", () => {
  it("fall back to manual: the request goes to an admin", async () => {
    const stars = await startTestApp({ env: { PLAN_PAYMENTS: "stars" } });
    try {
      const ids = await insertTestTiers(stars.services.database.db);
      const webMember = await createMember(stars);
      const res = await stars.app.request(
        "/api/me/plan",
        jsonRequest("PUT", { tierId: ids.basic }, bearer(webMember.token)),
      );
      expect(changePlanResultSchema.parse(await res.json())).toMatchObject({
        outcome: "requested",
        payments: "manual",
      });
      // With a Telegram account, a tier with a Stars price is bought, not picked; one without is requested.
      const tgMember = await createMember(stars);
      await stars.services.database.db
        .update(users)
        .set({ telegramId: 424242n })
        .where(eq(users.id, tgMember.userId));
      const refused = await stars.app.request(
        "/api/me/plan",
        jsonRequest("PUT", { tierId: ids.basic }, bearer(tgMember.token)),
      );
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).message).toBe("This plan is paid with Telegram Stars inside Telegram");
      const premium = await stars.app.request(
        "/api/me/plan",
        jsonRequest("PUT", { tierId: ids.premium }, bearer(tgMember.token)),
      );
      expect(changePlanResultSchema.parse(await premium.json())).toMatchObject({
        outcome: "requested",
        payments: "stars",
      });
    } finally {
      await stars.close();
    }
  });
});
