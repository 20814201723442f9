import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { legalDocumentSchema, legalNotFoundMessages, legalTypes } from "#api/contracts/legal";
import { legalDocuments } from "#db/schema/index";
import { errorOf } from "../helpers/accounts";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("GET /api/legal/:type", () => {
  it.each([
    ["terms", "No terms of service found."],
    ["privacy", "No privacy policy found."],
    ["refund", "No refund policy found."],
    ["shipping", "No shipping policy found."],
    ["cancellation", "No cancellation policy found."],
  ])("404 for %s with the spec's text when none exists", async (type, message) => {
    const res = await t.app.request(`/api/legal/${type}`);
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ code: "not_found", message });
  });

  it("names every type's not-found text", () => {
    expect(Object.keys(legalNotFoundMessages).sort()).toEqual([...legalTypes].sort());
  });

  it("serves the active document with the newest version, publicly", async () => {
    const db = t.services.database.db;
    await db.insert(legalDocuments).values([
      { documentType: "privacy", version: 1, content: "# Old", isActive: false, effectiveDate: "2024-01-01" },
      {
        documentType: "privacy",
        version: 2,
        content: "# Current",
        isActive: true,
        effectiveDate: "2025-03-01",
      },
      {
        documentType: "privacy",
        version: 3,
        content: "# Draft",
        isActive: false,
        effectiveDate: "2025-09-01",
      },
    ]);
    const res = await t.app.request("/api/legal/privacy");
    expect(res.status).toBe(200);
    expect(legalDocumentSchema.strict().parse(await res.json())).toEqual({
      documentType: "privacy",
      version: 2,
      content: "# Current",
      effectiveDate: "2025-03-01",
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("404 'Not found' for an unknown type", async () => {
    const res = await t.app.request("/api/legal/cookies");
    expect(res.status).toBe(404);
    expect((await errorOf(res)).message).toBe("Not found");
  });
});
