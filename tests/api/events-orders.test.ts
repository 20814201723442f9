import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "#db/schema/index";
import { bearer, createMember, post } from "../helpers/accounts";
import { SseReader } from "../helpers/sse-client";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
const controller = new AbortController();
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  controller.abort();
  await t.close();
});

async function open(headers: Record<string, string> = {}) {
  const stream = new SseReader(await t.app.request("/api/events", { headers, signal: controller.signal }));
  await eventually(async () => expect(stream.comments).toContain("connected"));
  return stream;
}

const placeOrder = async (userId: string) => {
  const [order] = await t.services.database.db
    .insert(orders)
    .values({
      userId,
      totalCredits: "10.00",
      deliveryName: "A. Member",
      deliveryAddress: "1 Main St",
      deliveryState: "CA",
    })
    .returning();
  if (!order) throw new Error("no order");
  return order;
};

/** A public change after the order's: once it arrives, the order's event has been decided. */
async function thenCatalogueChange(...streams: SseReader[]) {
  await t.services.database.db.insert(products).values({ title: "Marker", creditPrice: "5.00" });
  for (const stream of streams) {
    await eventually(async () => expect(stream.changedTables()).toContain("products"));
  }
}

describe("order changes on GET /api/events", () => {
  it("reach the order's owner and staff, never another member or a visitor", async () => {
    const owner = await createMember(t);
    const other = await createMember(t);
    const employee = await createMember(t, { roles: ["employee"] });
    const streams = {
      owner: await open(bearer(owner.token)),
      other: await open(bearer(other.token)),
      employee: await open(bearer(employee.token)),
      visitor: await open(),
    };
    const order = await placeOrder(owner.userId);
    await thenCatalogueChange(...Object.values(streams));
    expect(streams.owner.changedTables()).toContain("orders");
    expect(streams.employee.changedTables()).toContain("orders");
    expect(streams.other.changedTables()).not.toContain("orders");
    expect(streams.visitor.changedTables()).not.toContain("orders");
    // The event names no order: the client refetches through the routes that check who asks.
    const orderEvents = streams.owner.events.filter((e) => JSON.parse(e.data).table === "orders");
    expect(orderEvents.map((e) => JSON.parse(e.data))).toEqual([{ table: "orders" }]);

    // A status change (staff fulfil or cancel) reaches the owner too.
    const before = streams.owner.changedTables().filter((table) => table === "orders").length;
    await t.services.database.db.update(orders).set({ status: "fulfilled" }).where(eq(orders.id, order.id));
    await eventually(async () =>
      expect(streams.owner.changedTables().filter((table) => table === "orders").length).toBe(before + 1),
    );
  });

  it("stop once the owner's session has ended", async () => {
    const owner = await createMember(t);
    const stream = await open(bearer(owner.token));
    const res = await t.app.request("/api/auth/logout", post({}, bearer(owner.token)));
    expect(res.status).toBe(200);
    await placeOrder(owner.userId);
    await thenCatalogueChange(stream);
    expect(stream.changedTables()).not.toContain("orders");
  });
});
