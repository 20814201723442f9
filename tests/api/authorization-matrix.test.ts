import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "#api/auth/sessions";
import type { Role } from "#api/contracts/roles";
import { legalDocuments } from "#db/schema/index";
import { createMember } from "../helpers/accounts";
import { startTestApp } from "../helpers/test-app";

/**
 * Every /api route the router serves, called as each kind of person, against the table below. The
 * routes come from the router itself, so a new route without a row here fails this file.
 */
type Who = "anonymous" | "member" | "employee" | "moderator" | "admin";
const people: Who[] = ["anonymous", "member", "employee", "moderator", "admin"];

interface Row {
  status: Record<Who, number>;
  params?: Record<string, string>;
  /** A query string, for routes whose answer depends on it. */
  query?: string;
  /** A JSON body; chosen so no call changes who anyone is. */
  body?: (who: Who) => unknown;
}

const everyone = (status: number): Record<Who, number> => ({
  anonymous: status,
  member: status,
  employee: status,
  moderator: status,
  admin: status,
});
const signedIn = (status: number): Record<Who, number> => ({ ...everyone(status), anonymous: 401 });
const staff = (status: number): Record<Who, number> => ({
  anonymous: 401,
  member: 403,
  employee: status,
  moderator: status,
  admin: status,
});
const adminOnly = (status: number): Record<Who, number> => ({
  ...staff(status),
  employee: 403,
  moderator: 403,
});

// In upper case: an id is read in any letter case (and then names nothing here).
const UNKNOWN_ID = "0000000A-0000-4000-8000-00000000000B";

const expected: Record<string, Row> = {
  // Public
  "GET /api/health": { status: everyone(200) },
  "GET /api/ready": { status: everyone(200) },
  // Metrics: the scraper's METRICS_TOKEN alone, never a session, an admin's included.
  "GET /metrics": { status: everyone(401) },
  "GET /api/openapi.json": { status: everyone(200) },
  "GET /api/channel": { status: everyone(200) },
  "GET /api/products": { status: everyone(200) },
  "GET /api/products/:id": { status: everyone(404), params: { id: UNKNOWN_ID } },
  "GET /api/products/:id/alert": { status: signedIn(404), params: { id: UNKNOWN_ID } },
  "PUT /api/products/:id/alert": { status: signedIn(404), params: { id: UNKNOWN_ID } },
  "DELETE /api/products/:id/alert": { status: signedIn(404), params: { id: UNKNOWN_ID } },
  "GET /api/legal/:type": { status: everyone(200), params: { type: "terms" } },
  "GET /api/events": { status: everyone(200) },
  "POST /api/auth/telegram": { status: everyone(401), body: () => ({}) },
  "POST /api/auth/signup": { status: everyone(400), body: () => ({}) },
  "POST /api/auth/login": { status: everyone(400), body: () => ({}) },
  "POST /api/auth/logout": { status: everyone(200) },
  "POST /api/auth/password-reset": {
    status: everyone(200),
    body: (who) => ({ email: `${who}@nowhere.example` }),
  },
  "POST /api/auth/password-reset/confirm": { status: everyone(400), body: () => ({}) },
  "POST /api/auth/verify-email": { status: everyone(400), body: () => ({ token: "not-a-token" }) },
  // Own account: any signed-in person
  "GET /api/me": { status: signedIn(200) },
  // The channel feed: signed-in members past the age gate (every person here is) read and react;
  // admins and moderators pin and delete (an unknown message: 404 once allowed).
  // Plans: tiers for anyone; one's own plan and budget when signed in (an unknown tier: 404).
  "GET /api/tiers": { status: everyone(200) },
  "GET /api/me/plan": { status: signedIn(200) },
  "PUT /api/me/plan": { status: signedIn(404), body: () => ({ tierId: UNKNOWN_ID }) },
  "POST /api/me/plan/invoice": { status: signedIn(404), body: () => ({ tierId: UNKNOWN_ID }) },
  "GET /api/me/budget": { status: signedIn(200) },
  "GET /api/messages": { status: signedIn(200) },
  "PUT /api/messages/:id/reactions/:reaction": {
    status: signedIn(404),
    params: { id: UNKNOWN_ID, reaction: "heart" },
  },
  "DELETE /api/messages/:id/reactions/:reaction": {
    status: signedIn(404),
    params: { id: UNKNOWN_ID, reaction: "flame" },
  },
  // Admins post (a form: this bodiless call is 415 once allowed).
  "POST /api/messages": { status: adminOnly(415) },
  "PATCH /api/messages/:id": {
    status: { anonymous: 401, member: 403, employee: 403, moderator: 404, admin: 404 },
    params: { id: UNKNOWN_ID },
    body: () => ({ isPinned: true }),
  },
  "DELETE /api/messages/:id": {
    status: { anonymous: 401, member: 403, employee: 403, moderator: 404, admin: 404 },
    params: { id: UNKNOWN_ID },
  },
  "PATCH /api/me": { status: signedIn(200), body: () => ({ fullName: "Matrix" }) },
  "PATCH /api/me/notifications": { status: signedIn(200), body: () => ({ orderEmails: true }) },
  "DELETE /api/me": { status: signedIn(400), body: () => ({}) },
  "GET /api/me/roles": { status: signedIn(200) },
  "GET /api/me/orders": { status: signedIn(200) },
  "GET /api/me/orders/:id": { status: signedIn(404), params: { id: UNKNOWN_ID } },
  "POST /api/me/orders/:id/cancel": { status: signedIn(404), params: { id: UNKNOWN_ID } },
  // Checkout: signed in; no Idempotency-Key is 400 for everyone signed in.
  "POST /api/checkout/credits": { status: signedIn(400), body: () => ({}) },
  // Anyone may open a Shopify checkout; this app has no store connected.
  "POST /api/checkout/storefront": {
    status: everyone(503),
    body: () => ({ lines: [{ merchandiseId: "gid://shopify/ProductVariant/1", quantity: 1 }] }),
  },
  "POST /api/me/avatar": { status: signedIn(415) },
  "POST /api/me/age-verification": { status: signedIn(200), body: () => ({ confirmed: true }) },
  "POST /api/me/password": { status: signedIn(400), body: () => ({}) },
  "POST /api/me/telegram-link": { status: signedIn(422) },
  // This app sends no mail: "Send link" is 503 for everyone signed in.
  "POST /api/me/email-verification": { status: signedIn(503) },
  // Administration: admins only
  // Searching and paging change nothing about who may list.
  "GET /api/admin/users": { status: adminOnly(200), query: "filter=pending&search=a%25_&page=2&pageSize=5" },
  "PUT /api/admin/users/:id/role": {
    status: adminOnly(404),
    params: { id: UNKNOWN_ID },
    body: () => ({ role: "employee" }),
  },
  "GET /api/admin/tiers": { status: adminOnly(200) },
  // An invalid body: allowed callers get 400, so the matrix creates nothing.
  "POST /api/admin/tiers": { status: adminOnly(400), body: () => ({ displayName: "" }) },
  "PATCH /api/admin/tiers/:id": {
    status: adminOnly(404),
    params: { id: UNKNOWN_ID },
    body: () => ({ displayName: "Gold", priceMonthly: "10.00", isActive: true }),
  },
  "DELETE /api/admin/tiers/:id": { status: adminOnly(404), params: { id: UNKNOWN_ID } },
  // Policies: admins only (a blank body is 400 once allowed, so the matrix publishes nothing).
  "GET /api/admin/legal/:type": { status: adminOnly(200), params: { type: "terms" } },
  "POST /api/admin/legal/:type": { status: adminOnly(400), params: { type: "terms" }, body: () => ({}) },
  // Landing page settings: an invalid body or a bodiless upload, so the matrix changes nothing; no bot: 503.
  "GET /api/admin/settings": { status: adminOnly(200) },
  "PUT /api/admin/settings": { status: adminOnly(400), body: () => ({ channelName: "" }) },
  "POST /api/admin/settings/logo": { status: adminOnly(415) },
  "POST /api/admin/settings/hero-video": { status: adminOnly(415) },
  "POST /api/admin/settings/telegram-sync": { status: adminOnly(503) },
  // Orders are for all staff (mounted before the admin-only router).
  "GET /api/admin/orders": { status: staff(200) },
  // Exports: orders for all staff, members and products for admins.
  "GET /api/admin/exports/orders.csv": { status: staff(200), query: "from=2026-01-01&to=2026-12-31" },
  "GET /api/admin/exports/members.csv": { status: adminOnly(200) },
  "GET /api/admin/exports/products.csv": { status: adminOnly(200) },
  "GET /api/admin/orders/:id": { status: staff(404), params: { id: UNKNOWN_ID } },
  "PATCH /api/admin/orders/:id": {
    status: staff(404),
    params: { id: UNKNOWN_ID },
    body: () => ({ status: "fulfilled" }),
  },
  // The catalogue is for all staff too; a create with nothing in it is refused (400), no row made.
  "GET /api/admin/products": { status: staff(200) },
  "POST /api/admin/products": { status: staff(400), body: () => ({}) },
  "GET /api/admin/products/:id": { status: staff(404), params: { id: UNKNOWN_ID } },
  "PATCH /api/admin/products/:id": {
    status: staff(404),
    params: { id: UNKNOWN_ID },
    body: () => ({ stockQuantity: 1 }),
  },
  "DELETE /api/admin/products/:id": { status: staff(404), params: { id: UNKNOWN_ID } },
  // Its images and certificate (an unknown product: 404 before any byte is stored).
  "POST /api/admin/products/:id/images": { status: staff(404), params: { id: UNKNOWN_ID } },
  "DELETE /api/admin/products/:id/images": {
    status: staff(404),
    params: { id: UNKNOWN_ID },
    body: () => ({ url: "/media/product-images/x.webp" }),
  },
  "POST /api/admin/products/:id/certificate": { status: staff(404), params: { id: UNKNOWN_ID } },
  // The strain analysis is for all staff too (mounted before the admin-only router); no image: 400.
  "POST /api/admin/strain-analysis": { status: staff(400), body: () => ({}) },
  // Plan requests and Stars payments are decided by admins (an unknown one: 404).
  "POST /api/admin/plan-requests/:id/approve": { status: adminOnly(404), params: { id: UNKNOWN_ID } },
  "POST /api/admin/plan-requests/:id/decline": { status: adminOnly(404), params: { id: UNKNOWN_ID } },
  "GET /api/admin/payments": { status: adminOnly(200) },
  // The owner's dashboard; a period other than 7, 30 or 90 days is 400 once allowed.
  "GET /api/admin/dashboard": { status: adminOnly(200), query: "days=90" },
  "POST /api/admin/payments/:id/refund": { status: adminOnly(404), params: { id: UNKNOWN_ID } },
};

const t = await startTestApp({ env: { METRICS_TOKEN: "matrix-metrics-token-123" } });
afterAll(() => t.close());

const served = [
  ...new Set(
    t.app.routes
      .filter((r) => (r.path.startsWith("/api/") || r.path === "/metrics") && r.method !== "ALL")
      .map((r) => `${r.method} ${r.path}`),
  ),
].sort();

const userIds = new Map<Who, string>();
beforeAll(async () => {
  const roleOf: Record<Exclude<Who, "anonymous">, Role[]> = {
    member: [],
    employee: ["employee"],
    moderator: ["moderator"],
    admin: ["admin"],
  };
  for (const [who, roles] of Object.entries(roleOf) as [Exclude<Who, "anonymous">, Role[]][]) {
    userIds.set(who, (await createMember(t, { roles })).userId);
  }
  await t.services.database.db.insert(legalDocuments).values({ documentType: "terms", content: "# Terms" });
});

/** A fresh session per call, so sign-out in one row cannot affect another. */
async function headersFor(who: Who): Promise<Record<string, string>> {
  const userId = userIds.get(who);
  if (!userId) return {};
  const { token } = await startSession(t.services.database.db, userId, new Date(), 1);
  return { authorization: `Bearer ${token}` };
}

describe("the authorization matrix", () => {
  it("has an expectation for every route the router serves, and no stale ones", () => {
    const missing = served.filter((route) => !(route in expected));
    expect(missing, "routes with no row in the authorization matrix").toEqual([]);
    const stale = Object.keys(expected).filter((route) => !served.includes(route));
    expect(stale, "rows for routes that no longer exist").toEqual([]);
  });

  describe.each(served)("%s", (route) => {
    it.each(people)("as %s", async (who) => {
      const row = expected[route];
      if (!row) throw new Error(`No expectation for ${route}: add it to the authorization matrix`);
      const [method = "GET", pattern = ""] = route.split(" ");
      const path = pattern.replace(
        /:([A-Za-z_]+)/g,
        (_, name: string) => row.params?.[name] ?? `missing-${name}`,
      );
      const headers = await headersFor(who);
      const body = row.body?.(who);
      const controller = new AbortController();
      const res = await t.app.request(row.query ? `${path}?${row.query}` : path, {
        method,
        signal: controller.signal,
        headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      // The event stream never ends on its own.
      controller.abort();
      expect(res.status, `${route} as ${who}`).toBe(row.status[who]);
    });
  });
});
