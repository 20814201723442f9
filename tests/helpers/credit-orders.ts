import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { type Order, orderResultSchema } from "#api/contracts/checkout";
import { products } from "#db/schema/index";
import { bearer, createMember, jsonRequest, post } from "./accounts";
import type { TestApp } from "./test-app";

/** An active product priced at 5.00 credits, with a title of its own. */
export async function testProduct(t: TestApp, stockQuantity: number, prefix = "Product") {
  const [row] = await t.services.database.db
    .insert(products)
    .values({ title: `${prefix} ${randomUUID().slice(0, 6)}`, creditPrice: "5.00", stockQuantity })
    .returning();
  if (!row) throw new Error("product insert failed");
  return row;
}

/** A new member on the plan `tierId` (PLAN_PAYMENTS=free), so they have credits to spend. */
export async function memberOnPlan(t: TestApp, tierId: string, options: { email?: string } = {}) {
  const member = await createMember(t, options);
  const res = await t.app.request("/api/me/plan", jsonRequest("PUT", { tierId }, bearer(member.token)));
  expect(res.status).toBe(200);
  return member;
}

/** A credit checkout of `quantity` of one product, placed (201) with a fresh Idempotency-Key. */
export async function placeCreditOrder(
  t: TestApp,
  token: string,
  productId: string,
  quantity = 2,
): Promise<Order> {
  const res = await t.app.request(
    "/api/checkout/credits",
    post(
      {
        lines: [{ productId, quantity }],
        delivery: { name: "Ada Buyer", address: "1 Main St", state: "CA" },
      },
      { ...bearer(token), "idempotency-key": randomUUID() },
    ),
  );
  expect(res.status).toBe(201);
  return orderResultSchema.parse(await res.json()).order;
}
