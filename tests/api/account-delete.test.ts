import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { avatarResultSchema } from "#api/contracts/account";
import {
  channelMessages,
  credentials,
  messageReactions,
  orders,
  passwordResetTokens,
  profiles,
  sessions,
  userRoles,
  users,
} from "#db/schema/index";
import {
  bearer,
  createMember,
  errorOf,
  jsonRequest,
  post,
  signInitData,
  TEST_BOT_TOKEN,
} from "../helpers/accounts";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { BOT_TOKEN: TEST_BOT_TOKEN } });
});
afterAll(() => t.close());

const remove = (token: string, confirmation: unknown, headers: Record<string, string> = {}) =>
  t.app.request("/api/me", jsonRequest("DELETE", { confirmation }, { ...bearer(token), ...headers }));

describe("DELETE /api/me", () => {
  it("the last admin cannot delete their account (the rule of demotion); another admin can", async () => {
    const solo = await startTestApp({ env: { BOT_TOKEN: TEST_BOT_TOKEN } });
    try {
      const only = await createMember(solo, { roles: ["admin"] });
      const res = await solo.app.request(
        "/api/me",
        jsonRequest("DELETE", { confirmation: only.email }, bearer(only.token)),
      );
      expect(res.status).toBe(422);
      expect(await errorOf(res)).toEqual({
        code: "unprocessable",
        message: "At least one admin is required",
        reason: "last_admin",
      });
      const db = solo.services.database.db;
      expect(await db.select().from(users).where(eq(users.id, only.userId))).toHaveLength(1);

      const second = await createMember(solo, { roles: ["admin"] });
      const gone = await solo.app.request(
        "/api/me",
        jsonRequest("DELETE", { confirmation: only.email }, bearer(only.token)),
      );
      expect(gone.status).toBe(200);
      const last = await solo.app.request(
        "/api/me",
        jsonRequest("DELETE", { confirmation: second.email }, bearer(second.token)),
      );
      expect(last.status).toBe(422);
    } finally {
      await solo.close();
    }
  });

  it("deletes the account for real: personal data gone, orders kept without a buyer, messages without an author", async () => {
    const member = await createMember(t, { roles: ["moderator"], fullName: "Leaving Person" });
    const db = t.services.database.db;
    const form = new FormData();
    form.append("file", new Blob([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")]), "a.png");
    const avatar = avatarResultSchema.parse(
      await (
        await t.app.request("/api/me/avatar", { method: "POST", body: form, headers: bearer(member.token) })
      ).json(),
    );
    const [order] = await db
      .insert(orders)
      .values({
        userId: member.userId,
        totalCredits: "12.00",
        deliveryName: "A",
        deliveryAddress: "1 Main St",
        deliveryState: "CA",
      })
      .returning();
    const [message] = await db
      .insert(channelMessages)
      .values({ content: "hello", createdBy: member.userId })
      .returning();
    if (!message || !order) throw new Error("setup failed");
    await db
      .insert(messageReactions)
      .values({ messageId: message.id, userId: member.userId, reaction: "heart" });
    await t.app.request("/api/auth/password-reset", post({ email: member.email }));

    const res = await remove(member.token, `  ${member.email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true });

    for (const table of [users, profiles] as const) {
      expect(await db.select().from(table).where(eq(table.id, member.userId))).toEqual([]);
    }
    for (const table of [credentials, sessions, userRoles, passwordResetTokens, messageReactions] as const) {
      expect(await db.select().from(table).where(eq(table.userId, member.userId))).toEqual([]);
    }
    const [keptOrder] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(keptOrder).toMatchObject({ userId: null, totalCredits: "12.00" });
    const [keptMessage] = await db.select().from(channelMessages).where(eq(channelMessages.id, message.id));
    expect(keptMessage).toMatchObject({ createdBy: null, content: "hello" });

    const files = await readdir(join(t.dataDir, "media", "avatars", member.userId)).catch(() => []);
    expect(files).toEqual([]);
    expect((await t.app.request(avatar.avatarUrl)).status).toBe(404);
    expect((await t.app.request("/api/me", { headers: bearer(member.token) })).status).toBe(401);
    // The email is free again.
    const again = await t.app.request(
      "/api/auth/signup",
      post({
        email: member.email,
        password: member.password,
        confirmPassword: member.password,
        ageConfirmed: true,
      }),
    );
    expect(again.status).toBe(201);
  });

  it.each(["someone-else@example.com", "", "   "])(
    "422 when the typed email is %j, and nothing is deleted",
    async (typed) => {
      const member = await createMember(t);
      const res = await remove(member.token, typed);
      expect(res.status).toBe(422);
      expect(await errorOf(res)).toEqual({
        code: "unprocessable",
        message: "Please enter your email address correctly to confirm deletion.",
      });
      expect((await t.app.request("/api/me", { headers: bearer(member.token) })).status).toBe(200);
    },
  );

  it("a Telegram-only account confirms with DELETE", async () => {
    const launch = await t.app.request(
      "/api/auth/telegram",
      post({ initData: signInitData({ id: 8_300_000_001, first_name: "Tg" }, new Date()) }),
    );
    const { token, user } = (await launch.json()) as { token: string; user: { id: string } };
    const wrong = await remove(token, "yes please");
    expect(wrong.status).toBe(422);
    expect((await errorOf(wrong)).message).toBe("Please type DELETE to confirm deletion.");
    expect((await remove(token, " delete ")).status).toBe(200);
    expect(await t.services.database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    // Opening the Mini App again starts a fresh account.
    const relaunch = await t.app.request(
      "/api/auth/telegram",
      post({ initData: signInitData({ id: 8_300_000_001, first_name: "Tg" }, new Date()) }),
    );
    expect(((await relaunch.json()) as { user: { id: string } }).user.id).not.toBe(user.id);
  });

  it("400 without a confirmation; cookie deletion needs our origin", async () => {
    const member = await createMember(t);
    const missing = await t.app.request("/api/me", jsonRequest("DELETE", {}, bearer(member.token)));
    expect(missing.status).toBe(400);
    const crossSite = await t.app.request(
      "/api/me",
      jsonRequest(
        "DELETE",
        { confirmation: member.email },
        { cookie: `__Host-session=${member.token}`, origin: "https://evil.example" },
      ),
    );
    expect(crossSite.status).toBe(403);
    expect((await t.app.request("/api/me", { headers: bearer(member.token) })).status).toBe(200);
  });
});
