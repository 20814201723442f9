import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUserSchema } from "#api/contracts/admin";
import { adminProductResultSchema } from "#api/contracts/admin-products";
import { adminTierResultSchema } from "#api/contracts/admin-tiers";
import { broadcastSchema, createdBroadcastSchema } from "#api/contracts/broadcasts";
import { orderResultSchema } from "#api/contracts/checkout";
import { feedPageSchema, reactionResultSchema } from "#api/contracts/feed";
import { planRequestResultSchema } from "#api/contracts/plan-payments";
import { changePlanResultSchema } from "#api/contracts/plans";
import {
  conversationDetailSchema,
  conversationListSchema,
  postedSupportMessageSchema,
} from "#api/contracts/support";
import { recordBotStatus } from "#api/domain/gate";
import { channelMessages, membershipTiers, orders, products } from "#db/schema/index";
import { bearer, createMember, errorOf, jsonRequest, post, TEST_BOT_TOKEN } from "../helpers/accounts";
import { PDF } from "../helpers/sample-files";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

/**
 * Postgres reads a uuid in any letter case, so `C2C5…` and `c2c5…` name one row. Every route takes
 * an id in one form (lower case), so that every rule (each product once, the last admin, a map of
 * reactions, a file name) sees the same value as the database. Runs on PGlite and on Postgres.
 */
let t: TestApp;
let tier: Record<TestTierName, string>;
let admin: Awaited<ReturnType<typeof createMember>>;
let employee: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  // Manual plan payments, so plan requests exist to decide; the one admin of this database.
  // A bot set up (run by another process: BOT_MODE=off), so broadcasts may be made.
  t = await startTestApp({ env: { PLAN_PAYMENTS: "manual", BOT_TOKEN: TEST_BOT_TOKEN } });
  tier = await insertTestTiers(t.services.database.db);
  admin = await createMember(t, { roles: ["admin"] });
  employee = await createMember(t, { roles: ["employee"] });
});
afterAll(() => t.close());

const db = () => t.services.database.db;
const upper = (id: string) => id.toUpperCase();
const json = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<unknown>;
};

/** `count` spellings of `id`, all different: its letters' cases as the bits of 0, 1, 2, … */
function caseVariants(id: string, count: number): string[] {
  return Array.from({ length: count }, (_, n) => {
    let bit = 0;
    return [...id]
      .map((char) => (/[a-f]/.test(char) ? ((n >> bit++) & 1 ? char.toUpperCase() : char) : char))
      .join("");
  });
}

/** A product whose id has letters to change the case of (as in the report: c2c55d33-…). */
async function product(stockQuantity = 1000) {
  const random = randomUUID();
  const id = `c2c55d33-${random.slice(9, 24)}ab${random.slice(26)}`;
  const [row] = await db()
    .insert(products)
    .values({ id, title: `Product ${id.slice(-6)}`, creditPrice: "0.10", stockQuantity })
    .returning();
  if (!row) throw new Error("product insert failed");
  return row;
}

const delivery = { name: "Ada Buyer", address: "1 Main St, Springfield", state: "CA" };
/** A member on Basic ($25 a month): requested, then approved. */
async function buyer() {
  const member = await createMember(t);
  const chosen = await t.app.request(
    "/api/me/plan",
    jsonRequest("PUT", { tierId: tier.basic }, bearer(member.token)),
  );
  const requestId = changePlanResultSchema.parse(await chosen.json()).request?.id;
  const approved = await t.app.request(
    `/api/admin/plan-requests/${requestId}/approve`,
    post({}, bearer(admin.token)),
  );
  expect(approved.status).toBe(200);
  return member;
}
const checkout = (token: string, lines: { productId: string; quantity: number }[]) =>
  t.app.request(
    "/api/checkout/credits",
    post({ lines, delivery }, { ...bearer(token), "idempotency-key": randomUUID() }),
  );
const stockOf = async (id: string) =>
  (await db().select({ stock: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]?.stock;

describe("POST /api/checkout/credits with one product in several letter cases", () => {
  it("refuses ten spellings of one product, 99 each, like ten exact duplicates: 400, nothing taken", async () => {
    const member = await buyer();
    const item = await product();
    const variants = caseVariants(item.id, 10);
    expect(new Set(variants).size).toBe(10);
    const res = await checkout(
      member.token,
      variants.map((productId) => ({ productId, quantity: 99 })),
    );
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: "bad_request", message: "Each product once" });
    expect(await stockOf(item.id)).toBe(1000);
  });

  it("refuses the lower- and the upper-case id together", async () => {
    const member = await buyer();
    const item = await product();
    const res = await checkout(member.token, [
      { productId: item.id, quantity: 1 },
      { productId: upper(item.id), quantity: 1 },
    ]);
    expect(res.status).toBe(400);
    expect(await stockOf(item.id)).toBe(1000);
  });

  it("orders a product named in upper case as the product itself", async () => {
    const member = await buyer();
    const item = await product();
    const res = await checkout(member.token, [{ productId: upper(item.id), quantity: 2 }]);
    expect(res.status).toBe(201);
    expect(orderResultSchema.parse(await res.json()).order.lines[0]?.productId).toBe(item.id);
    expect(await stockOf(item.id)).toBe(998);
  });
});

/** Every route with an `:id`: each has a test below (or, for Stars payments, in the bot's tests). */
const idRoutes = [
  "GET /api/products/:id",
  "GET /api/admin/products/:id",
  "PATCH /api/admin/products/:id",
  "DELETE /api/admin/products/:id",
  "POST /api/admin/products/:id/images",
  "DELETE /api/admin/products/:id/images",
  "POST /api/admin/products/:id/certificate",
  "GET /api/me/orders/:id",
  "GET /api/admin/orders/:id",
  "PATCH /api/admin/orders/:id",
  "PUT /api/messages/:id/reactions/:reaction",
  "DELETE /api/messages/:id/reactions/:reaction",
  "PATCH /api/messages/:id",
  "DELETE /api/messages/:id",
  "PUT /api/admin/users/:id/role",
  "PATCH /api/admin/tiers/:id",
  "DELETE /api/admin/tiers/:id",
  "POST /api/admin/plan-requests/:id/approve",
  "POST /api/admin/plan-requests/:id/decline",
  // tests/bot/plan-payments.test.ts: a refund by an upper-case payment id.
  "POST /api/admin/payments/:id/refund",
  // tests/bot/plan-invoices.test.ts: a provider payment marked refunded by its id in upper case.
  "POST /api/admin/payments/:id/mark-refunded",
  "POST /api/me/orders/:id/cancel",
  // tests/api/message-translation.test.ts: the cached translation under the id in upper case.
  "POST /api/messages/:id/translation",
  "GET /api/products/:id/alert",
  "PUT /api/products/:id/alert",
  "DELETE /api/products/:id/alert",
  "GET /api/admin/conversations/:id",
  "POST /api/admin/conversations/:id/messages",
  "POST /api/admin/conversations/:id/read",
  "GET /api/admin/broadcasts/:id",
  "POST /api/admin/broadcasts/:id/cancel",
  // tests/api/share.test.ts: a card prepared for a product and a post named in upper case.
  "POST /api/share/products/:id",
  "POST /api/share/posts/:id",
  // tests/api/promo-codes.test.ts: an admin changes a code named by its id in upper case.
  "PATCH /api/admin/promo-codes/:id",
];

describe("an id in upper case names the same row as in lower case", () => {
  it("on every route that takes an :id (this list is the router's)", () => {
    const served = new Set(
      t.app.routes.filter((r) => r.path.includes(":id")).map((r) => `${r.method} ${r.path}`),
    );
    expect([...served].sort()).toEqual([...idRoutes].sort());
  });

  it("GET /api/products/:id answers the same product", async () => {
    const item = await product();
    expect(await json(await t.app.request(`/api/products/${upper(item.id)}`))).toEqual(
      await json(await t.app.request(`/api/products/${item.id}`)),
    );
  });

  it("the staff catalogue reads, edits, stores files under and deletes the same product", async () => {
    const staff = bearer(employee.token);
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#3a7" } })
      .png()
      .toBuffer();
    const item = await product();
    const path = `/api/admin/products/${upper(item.id)}`;
    expect(await json(await t.app.request(path, { headers: staff }))).toEqual(
      await json(await t.app.request(`/api/admin/products/${item.id}`, { headers: staff })),
    );
    const edited = await t.app.request(path, jsonRequest("PATCH", { stockQuantity: 7 }, staff));
    expect(adminProductResultSchema.parse(await json(edited)).product.stockQuantity).toBe(7);

    const upload = (what: string, field: string, bytes: Buffer) => {
      const body = new FormData();
      body.append(field, new Blob([new Uint8Array(bytes)]), "x.bin");
      return t.app.request(`${path}/${what}`, { method: "POST", headers: staff, body });
    };
    // The files are named after the product's id: in its one form.
    const withImage = adminProductResultSchema.parse(await json(await upload("images", "primary", png)));
    expect(withImage.product.primaryImageUrl).toMatch(new RegExp(`^/media/product-images/${item.id}-`));
    const withCoa = adminProductResultSchema.parse(await json(await upload("certificate", "file", PDF)));
    expect(withCoa.product.coaUrl).toMatch(new RegExp(`^/media/product-documents/${item.id}-coa-`));
    const url = withImage.product.primaryImageUrl;
    const removed = await t.app.request(`${path}/images`, jsonRequest("DELETE", { url }, staff));
    expect(adminProductResultSchema.parse(await json(removed)).product.primaryImageUrl).toBeNull();

    expect((await t.app.request(path, { method: "DELETE", headers: staff })).status).toBe(200);
    expect((await t.app.request(`/api/products/${item.id}`)).status).toBe(404);
  });

  it("orders: the member's own, and staff read and move it on", async () => {
    const member = await buyer();
    const placed = await checkout(member.token, [{ productId: (await product()).id, quantity: 1 }]);
    const { order } = orderResultSchema.parse(await placed.json());
    const mine = await t.app.request(`/api/me/orders/${upper(order.id)}`, { headers: bearer(member.token) });
    expect(orderResultSchema.parse(await json(mine)).order).toEqual(order);
    const other = await createMember(t);
    const theirs = await t.app.request(`/api/me/orders/${upper(order.id)}`, { headers: bearer(other.token) });
    expect(theirs.status).toBe(404);

    const staff = bearer(employee.token);
    const read = await t.app.request(`/api/admin/orders/${upper(order.id)}`, { headers: staff });
    expect(orderResultSchema.parse(await json(read)).order).toEqual(order);
    const moved = await t.app.request(
      `/api/admin/orders/${upper(order.id)}`,
      jsonRequest("PATCH", { status: "fulfilled" }, staff),
    );
    expect(orderResultSchema.parse(await json(moved)).order).toMatchObject({
      id: order.id,
      status: "fulfilled",
    });
  });

  it("a member cancels their own order named in upper case: stock comes back", async () => {
    const member = await buyer();
    const item = await product();
    const placed = await checkout(member.token, [{ productId: item.id, quantity: 2 }]);
    const { order } = orderResultSchema.parse(await placed.json());
    const cancelled = await t.app.request(
      `/api/me/orders/${upper(order.id)}/cancel`,
      post({}, bearer(member.token)),
    );
    expect(orderResultSchema.parse(await json(cancelled)).order).toMatchObject({
      id: order.id,
      status: "cancelled",
    });
    expect(await stockOf(item.id)).toBe(1000);
  });

  it("a back-in-stock alert asked, read and withdrawn under the product's id in upper case", async () => {
    const member = await createMember(t);
    const item = await product(0);
    const path = `/api/products/${upper(item.id)}/alert`;
    const as = (method: string, at = path) => t.app.request(at, { method, headers: bearer(member.token) });
    expect(await json(await as("PUT"))).toEqual({ waiting: true });
    expect(await json(await as("GET", `/api/products/${item.id}/alert`))).toEqual({ waiting: true });
    expect(await json(await as("DELETE"))).toEqual({ waiting: false });
    expect(await json(await as("GET"))).toEqual({ waiting: false });
  });

  it("the feed: reactions count as the member's own, and staff pin and delete the message", async () => {
    const member = await createMember(t);
    const [message] = await db().insert(channelMessages).values({ content: "Case" }).returning();
    if (!message) throw new Error("message insert failed");
    const id = upper(message.id);
    const react = (method: string) =>
      t.app.request(`/api/messages/${id}/reactions/heart`, { method, headers: bearer(member.token) });
    expect(reactionResultSchema.parse(await json(await react("PUT")))).toEqual({
      hearts: 1,
      flames: 0,
      myReactions: ["heart"],
    });
    const named = await t.app.request(`/api/messages?ids=${id}`, { headers: bearer(member.token) });
    expect(feedPageSchema.parse(await json(named)).messages.map((m) => [m.id, m.myReactions])).toEqual([
      [message.id, ["heart"]],
    ]);
    expect(reactionResultSchema.parse(await json(await react("DELETE")))).toEqual({
      hearts: 0,
      flames: 0,
      myReactions: [],
    });

    const staff = bearer(admin.token);
    await json(await t.app.request(`/api/messages/${id}`, jsonRequest("PATCH", { isPinned: true }, staff)));
    const [pinned] = await db().select().from(channelMessages).where(eq(channelMessages.id, message.id));
    expect(pinned?.isPinned).toBe(true);
    await json(await t.app.request(`/api/messages/${id}`, { method: "DELETE", headers: staff }));
    expect(await db().select().from(channelMessages).where(eq(channelMessages.id, message.id))).toEqual([]);
  });

  it("a feed cursor naming its message in upper case reads the same next page", async () => {
    const member = await createMember(t);
    await db()
      .insert(channelMessages)
      .values([1, 2, 3].map((n) => ({ content: `Page ${n}`, createdAt: new Date(Date.UTC(2020, 0, n)) })));
    const first = feedPageSchema.parse(
      await json(await t.app.request("/api/messages?limit=1", { headers: bearer(member.token) })),
    );
    const cursor = first.nextCursor ?? "";
    const [pinned, at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as [
      boolean,
      string,
      string,
    ];
    const shouted = Buffer.from(JSON.stringify([pinned, at, upper(id)])).toString("base64url");
    const next = (c: string) =>
      t.app.request(`/api/messages?limit=1&cursor=${c}`, { headers: bearer(member.token) });
    expect(await json(await next(shouted))).toEqual(await json(await next(cursor)));
  });

  it("a broadcast read and cancelled under its id in upper case is the same broadcast", async () => {
    const staff = bearer(admin.token);
    const sendAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await t.app.request(
      "/api/admin/broadcasts",
      jsonRequest("POST", { text: "Later", segment: { kind: "all" }, sendAt }, staff),
    );
    expect(created.status).toBe(201);
    const { broadcast } = createdBroadcastSchema.parse(await created.json());
    const path = `/api/admin/broadcasts/${upper(broadcast.id)}`;
    expect(broadcastSchema.parse(await json(await t.app.request(path, { headers: staff })))).toEqual(
      broadcast,
    );
    const cancelled = await t.app.request(`${path}/cancel`, { method: "POST", headers: staff });
    expect(createdBroadcastSchema.parse(await json(cancelled)).broadcast).toMatchObject({
      id: broadcast.id,
      status: "cancelled",
    });
  });

  it("PUT /api/admin/users/:id/role keeps the last admin, whatever the id's case", async () => {
    const res = await t.app.request(
      `/api/admin/users/${upper(admin.userId)}/role`,
      jsonRequest("PUT", { role: "employee" }, bearer(admin.token)),
    );
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({ code: "unprocessable", reason: "last_admin" });
    const member = await createMember(t);
    const changed = await t.app.request(
      `/api/admin/users/${upper(member.userId)}/role`,
      jsonRequest("PUT", { role: "moderator" }, bearer(admin.token)),
    );
    const { user } = (await json(changed)) as { user: unknown };
    expect(adminUserSchema.parse(user)).toMatchObject({ id: member.userId, roles: ["moderator"] });
  });

  it("tiers: an admin edits and deletes the tier", async () => {
    const staff = bearer(admin.token);
    const created = await t.app.request(
      "/api/admin/tiers",
      post({ displayName: "Case Tier", priceMonthly: "5.00", isActive: true }, staff),
    );
    expect(created.status).toBe(201);
    const { tier: made } = adminTierResultSchema.parse(await created.json());
    const path = `/api/admin/tiers/${upper(made.id)}`;
    const body = { displayName: "Case Tier Two", priceMonthly: "6.00", priceStars: null, isActive: true };
    const edited = adminTierResultSchema.parse(
      await json(await t.app.request(path, jsonRequest("PATCH", body, staff))),
    );
    expect(edited.tier).toMatchObject({ id: made.id, displayName: "Case Tier Two" });
    await json(await t.app.request(path, { method: "DELETE", headers: staff }));
    expect(await db().select().from(membershipTiers).where(eq(membershipTiers.id, made.id))).toEqual([]);
  });

  it("plans: a member chooses a tier, an admin approves or declines the request", async () => {
    const choose = async (token: string, tierId: string) =>
      changePlanResultSchema.parse(
        await json(await t.app.request("/api/me/plan", jsonRequest("PUT", { tierId }, bearer(token)))),
      );
    const taker = await createMember(t);
    expect((await choose(taker.token, upper(tier.free))).tier?.id).toBe(tier.free);

    for (const decision of ["approve", "decline"] as const) {
      const member = await createMember(t);
      const { request } = await choose(member.token, upper(tier.basic));
      expect(request).toMatchObject({ tierId: tier.basic, status: "pending" });
      const decided = await t.app.request(
        `/api/admin/plan-requests/${upper(request?.id ?? "")}/${decision}`,
        post({}, bearer(admin.token)),
      );
      expect(planRequestResultSchema.parse(await json(decided)).request).toMatchObject({
        id: request?.id,
        status: decision === "approve" ? "approved" : "declined",
      });
    }
  });

  it("the support inbox: staff open, read and answer a conversation named in upper case; a member asks about an order named so", async () => {
    const member = await buyer();
    const [order] = await db()
      .insert(orders)
      .values({
        userId: member.userId,
        totalCredits: "1.00",
        deliveryName: "A",
        deliveryAddress: "B",
        deliveryState: "CA",
      })
      .returning();
    const body = new FormData();
    body.append("text", "About my order");
    body.append("orderId", upper(order?.id ?? ""));
    const written = await t.app.request("/api/me/conversation/messages", {
      method: "POST",
      headers: bearer(member.token),
      body,
    });
    expect(written.status).toBe(201);
    expect(postedSupportMessageSchema.parse(await written.json()).message.order?.id).toBe(order?.id);
    const list = conversationListSchema.parse(
      await json(await t.app.request("/api/admin/conversations", { headers: bearer(admin.token) })),
    );
    const id = list.conversations.find((c) => c.member.id === member.userId)?.id ?? "";
    const opened = conversationDetailSchema.parse(
      await json(
        await t.app.request(`/api/admin/conversations/${upper(id)}`, { headers: bearer(admin.token) }),
      ),
    );
    expect(opened.conversation.id).toBe(id);
    expect(opened.conversation.unread).toBe(1);
    const read = await t.app.request(
      `/api/admin/conversations/${upper(id)}/read`,
      post({}, bearer(admin.token)),
    );
    expect(read.status).toBe(200);
    const reply = new FormData();
    reply.append("text", "On its way");
    const answered = await t.app.request(`/api/admin/conversations/${upper(id)}/messages`, {
      method: "POST",
      headers: bearer(admin.token),
      body: reply,
    });
    expect(answered.status).toBe(201);
    const again = conversationDetailSchema.parse(
      await json(await t.app.request(`/api/admin/conversations/${id}`, { headers: bearer(admin.token) })),
    );
    expect(again.messages.map((m) => m.text)).toEqual(["About my order", "On its way"]);
    expect(again.conversation.unread).toBe(0);
  });

  it("an id in no UUID form is no id: 404 with the route's message, never a 500", async () => {
    const item = await product();
    const staff = bearer(employee.token);
    for (const spelling of [
      `{${item.id}}`,
      item.id.replaceAll("-", ""),
      ` ${item.id}`,
      `${item.id.slice(0, 35)}g`,
      `${item.id}%00`,
    ]) {
      const res = await t.app.request(`/api/admin/products/${encodeURI(spelling)}`, { headers: staff });
      expect(res.status, spelling).toBe(404);
      expect((await errorOf(res)).message).toBe("Product not found");
    }
  });
});

describe("a Telegram chat id (the gate's :chatId) in one form", () => {
  it("names the same chat however its number is written; no number is 404, never a 500", async () => {
    await recordBotStatus(t.services, {
      chatId: -1001234567890n,
      kind: "supergroup",
      title: "Lounge",
      username: null,
      botStatus: "administrator",
      canInviteUsers: true,
      canBanUsers: true,
      canManageTags: false,
    });
    const put = (chatId: string, tierId: string) =>
      t.app.request(
        `/api/admin/chats/${encodeURI(chatId)}`,
        jsonRequest("PUT", { access: { kind: "tiers", tierIds: [tierId] } }, bearer(admin.token)),
      );
    const answered = await put("-01001234567890", upper(tier.basic));
    expect(answered.status, await answered.clone().text()).toBe(200);
    expect((await answered.json()) as { chatId: string; access: unknown }).toEqual(
      expect.objectContaining({ chatId: "-1001234567890", access: { kind: "tiers", tierIds: [tier.basic] } }),
    );
    for (const spelling of ["-100abc", " -1001234567890", "-1001234567890.0", "--1"]) {
      const res = await put(spelling, tier.basic);
      expect(res.status, spelling).toBe(404);
      expect((await errorOf(res)).message).toBe("Chat not found");
    }
  });
});
