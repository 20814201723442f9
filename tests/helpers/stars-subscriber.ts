import { eq } from "drizzle-orm";
import type { Update } from "grammy/types";
import { expect } from "vitest";
import { invoiceSchema } from "#api/contracts/plan-payments";
import { planSchema } from "#api/contracts/plans";
import type { createApp } from "#api/http/app";
import { users } from "#db/schema/index";
import { bearer, createMember, DAY, post, type TestClock } from "./accounts";
import type { FakeBotApi } from "./fake-bot-api";
import { eventually, type TestApp } from "./test-app";

/** A shop with the real bot against the fake Bot API (startBotApp), PLAN_PAYMENTS=stars, a test clock. */
export interface StarsShop {
  fake: FakeBotApi;
  t: TestApp;
  app: ReturnType<typeof createApp>;
  clock: TestClock;
}

export const planOf = async (shop: StarsShop, token: string) =>
  planSchema.parse(await (await shop.app.request("/api/me/plan", { headers: bearer(token) })).json());

/** Telegram's successful_payment of a Stars subscription's first period or of a renewal. */
export function payStars(
  shop: StarsShop,
  paid: { telegramId: number; payload: string; chargeId: string; expiresAt: Date; renewal: boolean },
) {
  shop.fake.push({
    message: {
      message_id: 5000,
      date: Math.floor(shop.clock.now().getTime() / 1000),
      chat: { id: paid.telegramId, type: "private", first_name: "M" },
      from: { id: paid.telegramId, is_bot: false, first_name: "M" },
      successful_payment: {
        currency: "XTR",
        total_amount: 250,
        invoice_payload: paid.payload,
        telegram_payment_charge_id: paid.chargeId,
        provider_payment_charge_id: "",
        subscription_expiration_date: Math.floor(paid.expiresAt.getTime() / 1000),
        is_recurring: true,
        ...(paid.renewal ? {} : { is_first_recurring: true }),
      },
    },
  } as Omit<Update, "update_id">);
}

/**
 * A Telegram member who bought `tierId` for Stars now, as a member does: the invoice from the API,
 * Telegram's successful_payment through the bot; their period ends in 30 days.
 */
export async function starsSubscriber(shop: StarsShop, tierId: string, telegramId: number, chargeId: string) {
  const member = await createMember(shop.t);
  await shop.t.services.database.db
    .update(users)
    .set({ telegramId: BigInt(telegramId) })
    .where(eq(users.id, member.userId));
  const res = await shop.app.request("/api/me/plan/invoice", post({ tierId }, bearer(member.token)));
  expect(res.status).toBe(200);
  invoiceSchema.parse(await res.json());
  const payload = String(shop.fake.callsTo("createInvoiceLink").at(-1)?.payload.payload);
  const expiresAt = new Date(shop.clock.now().getTime() + 30 * DAY);
  payStars(shop, { telegramId, payload, chargeId, expiresAt, renewal: false });
  await eventually(async () =>
    expect((await planOf(shop, member.token)).subscription?.expiresAt).toBeDefined(),
  );
  return { ...member, telegramId, payload, chargeId, expiresAt };
}
