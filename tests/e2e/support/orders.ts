import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";
import { catalogue, pick } from "./catalogue";
import { launchHash, newTelegramUser } from "./telegram";

/**
 * A fresh Telegram member, age-verified, signed in apart from any page: the headers of its requests.
 * Its session cookie stays in `request`: give it a context of its own.
 */
export async function telegramMember(
  request: APIRequestContext,
  firstName: string,
): Promise<Record<string, string>> {
  const initData = new URLSearchParams(
    launchHash(undefined, { user: newTelegramUser(firstName) }).slice(1),
  ).get("tgWebAppData");
  const signedIn = await request.post("/api/auth/telegram", { data: { initData } });
  expect(signedIn.status()).toBe(200);
  const { token } = (await signedIn.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const verified = await request.post("/api/me/age-verification", { data: { confirmed: true }, headers });
  expect(verified.status()).toBe(200);
  return headers;
}

/**
 * Puts the member whose requests `headers` sign on the seeded Premium plan and places one credit
 * order of one unit of an in-stock product under 20 credits; returns its number and credits.
 */
export async function placeCreditOrder(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<{ number: number; credits: string }> {
  const { tiers } = (await (await request.get("/api/tiers")).json()) as {
    tiers: { id: string; displayName: string }[];
  };
  const premium = tiers.find((tier) => tier.displayName === "Premium");
  if (!premium) throw new Error("the seeded tiers have no Premium");
  const plan = await request.put("/api/me/plan", { data: { tierId: premium.id }, headers });
  expect(plan.status()).toBe(200);
  const product = pick(
    await catalogue(request),
    (p) => p.stockQuantity >= 3 && Number(p.creditPrice) <= 20,
    "product under 20",
  );
  const res = await request.post("/api/checkout/credits", {
    data: {
      lines: [{ productId: product.id, quantity: 1 }],
      delivery: { name: "Ada Buyer", address: "1 Main St, Austin", state: "TX" },
    },
    headers: { ...headers, "Idempotency-Key": randomUUID() },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { order } = (await res.json()) as { order: { number: number; total: string } };
  return { number: order.number, credits: order.total };
}
