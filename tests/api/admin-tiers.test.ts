import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminTierResultSchema, adminTiersSchema, tierSlug } from "#api/contracts/admin-tiers";
import { membershipTiers } from "#db/schema/index";
import { bearer, createMember, errorOf, jsonRequest, post } from "../helpers/accounts";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  t = await startTestApp({ env: { PLAN_PAYMENTS: "free" } });
  admin = await createMember(t, { roles: ["admin"] });
});
afterAll(() => t.close());

const create = (body: unknown, token = admin.token) =>
  t.app.request("/api/admin/tiers", post(body, bearer(token)));
const list = async () =>
  adminTiersSchema.parse(
    await (await t.app.request("/api/admin/tiers", { headers: bearer(admin.token) })).json(),
  ).tiers;
const clear = () => t.services.database.db.delete(membershipTiers);

describe("the tier slug", () => {
  it("lowercases, turns spaces into underscores and drops everything else", () => {
    expect(tierSlug("Gold Plus 2")).toBe("gold_plus_2");
    expect(tierSlug("VIP — $50 credits / month!")).toBe("vip__50_credits__month");
    expect(tierSlug("💎")).toBe("");
  });
});

describe("/api/admin/tiers", () => {
  it("creates the first tier at level 1 and each next one above the highest, inactive ones listed too", async () => {
    await clear();
    const first = await create({ displayName: "Free", priceMonthly: "0" });
    expect(first.status).toBe(201);
    expect(adminTierResultSchema.parse(await first.json()).tier).toMatchObject({
      name: "free",
      priceMonthly: "0.00",
      tierLevel: 1,
      isActive: true,
      members: 0,
    });
    await create({
      displayName: "Gold Plus",
      priceMonthly: "19.5",
      features: ["Early access"],
      isActive: false,
    });
    const tiers = await list();
    expect(tiers.map((x) => [x.name, x.tierLevel, x.priceMonthly, x.isActive])).toEqual([
      ["free", 1, "0.00", true],
      ["gold_plus", 2, "19.50", false],
    ]);
    // With the shop's PLAN_PAYMENTS, so the list can say which paid tiers it cannot sell.
    const answer = adminTiersSchema.parse(
      await (await t.app.request("/api/admin/tiers", { headers: bearer(admin.token) })).json(),
    );
    expect(answer.payments).toBe("free");
    // Members see only the active ones.
    const publicList = (await (await t.app.request("/api/tiers")).json()) as { tiers: { name: string }[] };
    expect(publicList.tiers.map((x) => x.name)).toEqual(["free"]);
  });

  it("two admins creating at once never get the same level", async () => {
    await racing();
    await clear();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => create({ displayName: `Tier ${n}`, priceMonthly: `${n}.00` })),
    );
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect((await list()).map((x) => x.tierLevel)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("says the spec's messages for a blank name or a bad price, and refuses a taken name", async () => {
    await clear();
    for (const [body, message] of [
      [{ displayName: "  ", priceMonthly: "5" }, "Display name is required"],
      [{ displayName: "Gold", priceMonthly: "-1" }, "Valid price is required"],
      [{ displayName: "Gold", priceMonthly: "5.001" }, "Valid price is required"],
      [{ displayName: "Gold" }, "Valid price is required"],
      [{ displayName: "💎", priceMonthly: "5" }, "Display name needs a letter or digit"],
      [
        { displayName: "Gold", priceMonthly: "5", trialDays: 0 },
        "Trial days must be a whole number from 1 to 90",
      ],
      [
        { displayName: "Gold", priceMonthly: "5", trialDays: 91 },
        "Trial days must be a whole number from 1 to 90",
      ],
      [
        { displayName: "Gold", priceMonthly: "5", trialDays: 1.5 },
        "Trial days must be a whole number from 1 to 90",
      ],
      [
        { displayName: "Gold", priceMonthly: "5", trialDays: "7" },
        "Trial days must be a whole number from 1 to 90",
      ],
    ] as const) {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect((await create({ displayName: "Gold", priceMonthly: "5" })).status).toBe(201);
    const again = await create({ displayName: "GOLD", priceMonthly: "6" });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("A membership tier with this name already exists");
  });

  it("names the rule of a taken name (tier_name_taken) whatever the language, on create and on edit, for the form to put it under the name", async () => {
    await clear();
    const gold = adminTierResultSchema.parse(
      await (await create({ displayName: "Gold", priceMonthly: "5" })).json(),
    ).tier;
    const silver = adminTierResultSchema.parse(
      await (await create({ displayName: "Silver", priceMonthly: "3" })).json(),
    ).tier;
    const inArabic = { ...bearer(admin.token), "accept-language": "ar" };
    const created = await t.app.request(
      "/api/admin/tiers",
      post({ displayName: "gold", priceMonthly: "6" }, inArabic),
    );
    expect(created.status).toBe(409);
    expect(await errorOf(created)).toEqual({
      code: "conflict",
      reason: "tier_name_taken",
      message: "يوجد بالفعل مستوى عضوية بهذا الاسم",
    });
    const renamed = await t.app.request(
      `/api/admin/tiers/${silver.id}`,
      jsonRequest("PATCH", { displayName: gold.displayName, priceMonthly: "3", isActive: true }, inArabic),
    );
    expect(renamed.status).toBe(409);
    expect(await errorOf(renamed)).toMatchObject({ reason: "tier_name_taken" });
    // A bad field is the contract's, which the form checks first: no reason to branch on.
    const bad = await create({ displayName: "Bronze", priceMonthly: "-1" });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).reason).toBeUndefined();
  });

  it("edits the display name (and so the slug), the price and active; nothing else", async () => {
    await clear();
    const { tier } = adminTierResultSchema.parse(
      await (
        await create({ displayName: "Silver", priceMonthly: "10", description: "Kept", features: ["Kept"] })
      ).json(),
    );
    const res = await t.app.request(
      `/api/admin/tiers/${tier.id}`,
      jsonRequest(
        "PATCH",
        { displayName: "Silver Star", priceMonthly: "12.5", trialDays: 14, isActive: false },
        bearer(admin.token),
      ),
    );
    expect(res.status).toBe(200);
    expect(adminTierResultSchema.parse(await res.json()).tier).toMatchObject({
      name: "silver_star",
      displayName: "Silver Star",
      priceMonthly: "12.50",
      trialDays: 14,
      isActive: false,
      tierLevel: tier.tierLevel,
      description: "Kept",
      features: ["Kept"],
    });
  });

  it("refuses trial days on a tier that costs nothing (400, reason trial_on_free_tier), made or edited", async () => {
    await clear();
    const refusal = {
      code: "bad_request",
      message: "A free plan cannot have a free trial: give it a price, or leave trial days empty",
      reason: "trial_on_free_tier",
    };
    const made = await create({ displayName: "Free", priceMonthly: "0", trialDays: 5 });
    expect(made.status).toBe(400);
    expect(await errorOf(made)).toEqual(refusal);
    expect(await list()).toEqual([]);
    const { tier } = adminTierResultSchema.parse(
      await (await create({ displayName: "Free", priceMonthly: "0" })).json(),
    );
    const patch = (body: Record<string, unknown>) =>
      t.app.request(
        `/api/admin/tiers/${tier.id}`,
        jsonRequest("PATCH", { displayName: "Free", isActive: true, ...body }, bearer(admin.token)),
      );
    const edited = await patch({ priceMonthly: "0.00", trialDays: 5 });
    expect(edited.status).toBe(400);
    expect(await errorOf(edited)).toEqual(refusal);
    expect((await list())[0]?.trialDays).toBeNull();
    // In the admin's language, with the same reason.
    const russian = await t.app.request(`/api/admin/tiers/${tier.id}`, {
      ...jsonRequest(
        "PATCH",
        { displayName: "Free", priceMonthly: "0", trialDays: 5, isActive: true },
        { ...bearer(admin.token), "accept-language": "ru" },
      ),
    });
    const inRussian = await errorOf(russian);
    expect(inRussian.reason).toBe("trial_on_free_tier");
    expect(inRussian.message).not.toBe(refusal.message);
    // A price in dollars or in Stars makes a trial worth something.
    expect((await patch({ priceMonthly: "5", trialDays: 5 })).status).toBe(200);
    expect((await patch({ priceMonthly: "0", priceStars: 100, trialDays: 5 })).status).toBe(200);
    // Taking the price away while the trial stays is refused too.
    expect((await patch({ priceMonthly: "0", priceStars: null, trialDays: 5 })).status).toBe(400);
  });

  it("deletes a tier nobody is on; refuses one with members, saying how many", async () => {
    await clear();
    const made = async (name: string) =>
      adminTierResultSchema.parse(await (await create({ displayName: name, priceMonthly: "5" })).json()).tier;
    const empty = await made("Empty");
    const busy = await made("Busy");
    for (let i = 0; i < 2; i++) {
      const member = await createMember(t);
      expect(
        (await t.app.request("/api/me/plan", jsonRequest("PUT", { tierId: busy.id }, bearer(member.token))))
          .status,
      ).toBe(200);
    }
    const refused = await t.app.request(
      `/api/admin/tiers/${busy.id}`,
      jsonRequest("DELETE", undefined, bearer(admin.token)),
    );
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(
      "Cannot delete tier. 2 user(s) are currently on this plan.",
    );
    const gone = await t.app.request(
      `/api/admin/tiers/${empty.id}`,
      jsonRequest("DELETE", undefined, bearer(admin.token)),
    );
    expect(gone.status).toBe(200);
    expect((await list()).map((x) => [x.name, x.members])).toEqual([["busy", 2]]);
    const again = await t.app.request(
      `/api/admin/tiers/${empty.id}`,
      jsonRequest("DELETE", undefined, bearer(admin.token)),
    );
    expect(again.status).toBe(404);
  });
});
