import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminLegalListSchema, adminLegalResultSchema, MAX_LEGAL_CONTENT } from "#api/contracts/admin-legal";
import { legalDocumentSchema } from "#api/contracts/legal";
import { legalDocuments } from "#db/schema/index";
import { bearer, createMember, errorOf, post } from "../helpers/accounts";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await createMember(t, { roles: ["admin"] });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.services.database.db.delete(legalDocuments);
});

const publish = (type: string, body: unknown, token = admin.token) =>
  t.app.request(`/api/admin/legal/${type}`, post(body, bearer(token)));
const versions = async (type: string) => {
  const res = await t.app.request(`/api/admin/legal/${type}`, { headers: bearer(admin.token) });
  expect(res.status).toBe(200);
  return adminLegalListSchema.strict().parse(await res.json()).versions;
};
const publicDocument = async (type: string) => {
  const res = await t.app.request(`/api/legal/${type}`);
  return { status: res.status, body: (await res.json()) as unknown };
};
const activeRows = (type: "terms" | "privacy") =>
  t.services.database.db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.documentType, type), eq(legalDocuments.isActive, true)));

describe("/api/admin/legal/:type", () => {
  it("lists nothing for a type with no document yet", async () => {
    expect(await versions("refund")).toEqual([]);
  });

  it("publishes version 1, then the latest plus one; earlier versions are kept, newest first", async () => {
    const first = await publish("terms", { content: "# Terms\n\n- one", effectiveDate: "2025-01-01" });
    expect(first.status).toBe(201);
    expect(adminLegalResultSchema.strict().parse(await first.json()).document).toMatchObject({
      version: 1,
      content: "# Terms\n\n- one",
      effectiveDate: "2025-01-01",
      isActive: true,
    });
    const second = await publish("terms", { content: "  # Terms v2  ", effectiveDate: "2025-06-30" });
    expect(second.status).toBe(201);
    expect((await second.json()) as unknown).toMatchObject({
      document: { version: 2, content: "# Terms v2" },
    });

    const listed = await versions("terms");
    expect(listed.map((v) => [v.version, v.isActive, v.effectiveDate])).toEqual([
      [2, true, "2025-06-30"],
      [1, false, "2025-01-01"],
    ]);
    // Other types are untouched.
    expect(await versions("privacy")).toEqual([]);
  });

  it("takes a version greater than every existing one, and refuses one that is not (409)", async () => {
    expect(
      (await publish("privacy", { content: "# A", version: 5, effectiveDate: "2025-01-01" })).status,
    ).toBe(201);
    for (const version of [5, 3]) {
      const res = await publish("privacy", { content: "# B", version, effectiveDate: "2025-02-01" });
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({
        code: "conflict",
        message: "Version must be greater than 5, the latest version",
      });
    }
    const next = await publish("privacy", { content: "# C", effectiveDate: "2025-03-01" });
    expect((await next.json()) as unknown).toMatchObject({ document: { version: 6 } });
    expect((await versions("privacy")).map((v) => v.version)).toEqual([6, 5]);
  });

  it("the public page shows the new version at once", async () => {
    await publish("terms", { content: "# Terms\n\nFirst", effectiveDate: "2025-01-01" });
    expect((await publicDocument("terms")).body).toMatchObject({ version: 1, content: "# Terms\n\nFirst" });
    await publish("terms", { content: "# Terms\n\nSecond", effectiveDate: "2025-07-01" });
    const { status, body } = await publicDocument("terms");
    expect(status).toBe(200);
    expect(legalDocumentSchema.parse(body)).toMatchObject({
      version: 2,
      content: "# Terms\n\nSecond",
      effectiveDate: "2025-07-01",
    });
    const res = await t.app.request("/api/legal/terms");
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });

  it.each([
    [{ effectiveDate: "2025-01-01" }, "Content is required"],
    [{ content: "   \n ", effectiveDate: "2025-01-01" }, "Content is required"],
    [{ content: 42, effectiveDate: "2025-01-01" }, "Content is required"],
    [
      { content: "x".repeat(MAX_LEGAL_CONTENT + 1), effectiveDate: "2025-01-01" },
      "Content must be at most 50,000 characters",
    ],
    [{ content: "# T" }, "Effective date must be a valid date (YYYY-MM-DD)"],
    [{ content: "# T", effectiveDate: "2025-02-30" }, "Effective date must be a valid date (YYYY-MM-DD)"],
    [{ content: "# T", effectiveDate: "01/02/2025" }, "Effective date must be a valid date (YYYY-MM-DD)"],
    [
      { content: "# T", effectiveDate: "2025-01-01", version: 0 },
      "Version must be a whole number of 1 or more",
    ],
    [
      { content: "# T", effectiveDate: "2025-01-01", version: 1.5 },
      "Version must be a whole number of 1 or more",
    ],
    [
      { content: "# T", effectiveDate: "2025-01-01", version: "2" },
      "Version must be a whole number of 1 or more",
    ],
    [
      { content: "# T", effectiveDate: "2025-01-01", version: 2_147_483_648 },
      "Version must be a whole number of 1 or more",
    ],
  ])("refuses %j with 400 %s, publishing nothing", async (body, message) => {
    const res = await publish("shipping", body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: "bad_request", message });
    expect(await versions("shipping")).toEqual([]);
  });

  it("takes content at the cap", async () => {
    const res = await publish("shipping", {
      content: "x".repeat(MAX_LEGAL_CONTENT),
      effectiveDate: "2024-02-29",
    });
    expect(res.status).toBe(201);
  });

  it("answers 404 for an unknown type", async () => {
    const list = await t.app.request("/api/admin/legal/cookies", { headers: bearer(admin.token) });
    expect(list.status).toBe(404);
    expect(await errorOf(list)).toEqual({ code: "not_found", message: "Not found" });
    const res = await publish("cookies", { content: "# C", effectiveDate: "2025-01-01" });
    expect(res.status).toBe(404);
  });

  it("is for admins only: staff and members get 403 and publish nothing", async () => {
    for (const roles of [[], ["employee"], ["moderator"]] as const) {
      const someone = await createMember(t, { roles: [...roles] });
      const res = await publish(
        "cancellation",
        { content: "# C", effectiveDate: "2025-01-01" },
        someone.token,
      );
      expect(res.status).toBe(403);
      const list = await t.app.request("/api/admin/legal/cancellation", { headers: bearer(someone.token) });
      expect(list.status).toBe(403);
    }
    const anonymous = await t.app.request(
      "/api/admin/legal/cancellation",
      post({ content: "# C", effectiveDate: "2025-01-01" }),
    );
    expect(anonymous.status).toBe(401);
    expect(await versions("cancellation")).toEqual([]);
  });
});

describe("two admins publishing at once", () => {
  const at = (n: number) => `2025-0${(n % 9) + 1}-01`;

  it("the same version: one wins, the others get 409, and one document stays active", async () => {
    await racing();
    const other = await createMember(t, { roles: ["admin"] });
    await publish("terms", { content: "# v1", effectiveDate: "2025-01-01" });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        publish(
          "terms",
          { content: `# v2 by ${n}`, version: 2, effectiveDate: at(n) },
          n % 2 ? other.token : admin.token,
        ),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect([
        "Version must be greater than 2, the latest version",
        "Another admin published a version at the same time. Reload to see it, then publish again.",
      ]).toContain((await errorOf(res)).message);
    }
    const [active, ...more] = await activeRows("terms");
    expect(more).toEqual([]);
    expect(active?.version).toBe(2);
    expect((await publicDocument("terms")).body).toMatchObject({ version: 2, content: active?.content });
  });

  it("without a version: never a 500, never two active documents, versions without gaps", async () => {
    await racing();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => publish("privacy", { content: `# by ${n}`, effectiveDate: at(n) })),
    );
    const statuses = answers.map((res) => res.status);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      String(statuses),
    ).toBe(true);
    const published = statuses.filter((s) => s === 201).length;
    expect(published).toBeGreaterThan(0);
    const listed = await versions("privacy");
    expect(listed.map((v) => v.version)).toEqual(Array.from({ length: published }, (_, n) => published - n));
    expect(listed.filter((v) => v.isActive).map((v) => v.version)).toEqual([published]);
    expect(await activeRows("privacy")).toHaveLength(1);
  });
});
