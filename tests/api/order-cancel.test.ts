import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderResultSchema } from "#api/contracts/checkout";
import { budgetSchema } from "#api/contracts/plans";
import { createApp } from "#api/http/app";
import { createHttpServer } from "#api/http/server";
import { orders, products } from "#db/schema/index";
import { bearer, createMember, errorOf, jsonRequest, post } from "../helpers/accounts";
import { memberOnPlan, placeCreditOrder, testProduct } from "../helpers/credit-orders";
import { racing } from "../helpers/race";
import { SseReader } from "../helpers/sse-client";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers } from "../helpers/tiers";

// POST /api/me/orders/:id/cancel. Runs on PGlite, and on Postgres when DATABASE_URL is set.
let t: TestApp;
let server: Server;
let base: string;
let premium: string;
let staff: Awaited<ReturnType<typeof createMember>>;
const controller = new AbortController();

beforeAll(async () => {
  t = await startTestApp({ env: { PLAN_PAYMENTS: "free" } });
  premium = (await insertTestTiers(db())).premium;
  staff = await createMember(t, { roles: ["employee"] });
  // The race goes over real HTTP (createHttpServer, as main.ts builds it): requests at once, for real.
  server = await createHttpServer(createApp({ ...t.services, staticDir: undefined }), t.services);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  controller.abort();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const db = () => t.services.database.db;

const buyer = () => memberOnPlan(t, premium);
const product = async (stockQuantity: number) => (await testProduct(t, stockQuantity, "Cancel")).id;
const place = (token: string, productId: string, quantity?: number) =>
  placeCreditOrder(t, token, productId, quantity);
const cancel = (token: string, id: string) =>
  t.app.request(`/api/me/orders/${id}/cancel`, post({}, bearer(token)));
const stockOf = async (id: string) =>
  (await db().select({ stock: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]?.stock;
const spent = async (token: string) =>
  budgetSchema.parse(await (await t.app.request("/api/me/budget", { headers: bearer(token) })).json()).spent;

describe("POST /api/me/orders/:id/cancel", () => {
  it("cancels the member's own placed order: stock and spending come back; a second time is 409", async () => {
    const member = await buyer();
    const id = await product(10);
    const order = await place(member.token, id, 3);
    expect(await stockOf(id)).toBe(7);
    expect(await spent(member.token)).toBe("15.00");

    const res = await cancel(member.token, order.id);
    expect(res.status).toBe(200);
    expect(orderResultSchema.parse(await res.json()).order).toMatchObject({
      id: order.id,
      status: "cancelled",
    });
    expect(await stockOf(id)).toBe(10);
    expect(await spent(member.token)).toBe("0.00");

    const again = await cancel(member.token, order.id);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({ code: "conflict", message: "This order can no longer change" });
    expect(await stockOf(id)).toBe(10);
  });

  it("another member's order, an unknown id and a malformed one are 404; nobody signed in is 401", async () => {
    const member = await buyer();
    const other = await buyer();
    const id = await product(5);
    const order = await place(member.token, id, 1);
    for (const target of [order.id, randomUUID(), "nope"]) {
      const res = await cancel(other.token, target);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({ code: "not_found", message: "Order not found" });
    }
    expect((await t.app.request(`/api/me/orders/${order.id}/cancel`, post({}))).status).toBe(401);
    // Nothing moved.
    expect(await stockOf(id)).toBe(4);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe("placed");
  });

  it("a fulfilled order can no longer change (409), and keeps its stock and spending", async () => {
    const member = await buyer();
    const id = await product(5);
    const order = await place(member.token, id, 2);
    const fulfil = await t.app.request(
      `/api/admin/orders/${order.id}`,
      jsonRequest("PATCH", { status: "fulfilled" }, bearer(staff.token)),
    );
    expect(fulfil.status).toBe(200);
    const res = await cancel(member.token, order.id);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe("This order can no longer change");
    expect(await stockOf(id)).toBe(3);
    expect(await spent(member.token)).toBe("10.00");
  });

  it("the staff's order list hears of it live", async () => {
    const member = await buyer();
    const order = await place(member.token, await product(5), 1);
    const stream = new SseReader(
      await t.app.request("/api/events", { headers: bearer(staff.token), signal: controller.signal }),
    );
    await eventually(async () => expect(stream.comments).toContain("connected"));
    expect((await cancel(member.token, order.id)).status).toBe(200);
    await eventually(async () => expect(stream.changedTables()).toContain("orders"));
  });

  it("races the staff's fulfil over real HTTP: exactly one wins each time, and the books agree", async () => {
    await racing();
    const member = await buyer();
    const id = await product(50);
    const placed = [];
    for (let i = 0; i < 8; i++) placed.push(await place(member.token, id, 1));
    expect(await stockOf(id)).toBe(42);

    const send = (path: string, method: string, token: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method,
        headers: { ...bearer(token), "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then((res) => res.status);
    const outcomes = await Promise.all(
      placed.map(async (order) => {
        const [byMember, byStaff] = await Promise.all([
          send(`/api/me/orders/${order.id}/cancel`, "POST", member.token, {}),
          send(`/api/admin/orders/${order.id}`, "PATCH", staff.token, { status: "fulfilled" }),
        ]);
        return { id: order.id, byMember, byStaff };
      }),
    );
    for (const { byMember, byStaff } of outcomes) expect([byMember, byStaff].sort()).toEqual([200, 409]);

    const rows = await db().select({ id: orders.id, status: orders.status }).from(orders);
    const cancelled = outcomes.filter((o) => o.byMember === 200);
    for (const outcome of outcomes) {
      expect(rows.find((row) => row.id === outcome.id)?.status).toBe(
        outcome.byMember === 200 ? "cancelled" : "fulfilled",
      );
    }
    // Each cancel gave its one unit and 5 credits back; each fulfil kept them.
    expect(await stockOf(id)).toBe(42 + cancelled.length);
    expect(await spent(member.token)).toBe(`${(8 - cancelled.length) * 5}.00`);
  });
});
