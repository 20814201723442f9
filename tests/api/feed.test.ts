import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { feedPageSchema } from "#api/contracts/feed";
import { channelMessages, messageReactions } from "#db/schema/index";
import { bearer, createMember, errorOf, recordingTelegram } from "../helpers/accounts";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let member: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  t = await startTestApp();
  member = await createMember(t, { fullName: "Ada Author" });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.services.database.db.delete(channelMessages);
});

const feed = async (query = "", token = member.token) => {
  const res = await t.app.request(`/api/messages${query}`, { headers: bearer(token) });
  return { res, page: res.status === 200 ? feedPageSchema.parse(await res.json()) : null };
};

const at = (minutesAgo: number) => new Date(Date.UTC(2026, 10, 1, 12) - minutesAgo * 60_000);

describe("GET /api/messages?ids=", () => {
  it("answers the named messages as they are now; deleted, unpublished and unknown ones are absent", async () => {
    const db = t.services.database.db;
    const [shown, hidden] = await db
      .insert(channelMessages)
      .values([
        { content: "shown", hearts: 2 },
        { content: "draft", isPublished: false },
      ])
      .returning();
    const unknown = "7d2b5a44-0000-4000-8000-000000000000";
    const { res, page } = await feed(`?ids=${shown?.id},${hidden?.id},${unknown},not-a-uuid`);
    expect(res.status).toBe(200);
    expect(page?.messages.map((m) => [m.content, m.hearts])).toEqual([["shown", 2]]);
    expect(page?.nextCursor).toBeNull();
  });

  it("takes at most 50 ids", async () => {
    const ids = Array.from({ length: 51 }, () => crypto.randomUUID()).join(",");
    const { res } = await feed(`?ids=${ids}`);
    expect(res.status).toBe(400);
  });
});

describe("GET /api/messages", () => {
  it("an empty feed is an empty page with no next cursor", async () => {
    const { res, page } = await feed();
    expect(res.status).toBe(200);
    // The bot is off here: no Telegram link for messages.
    expect(page).toEqual({ messages: [], nextCursor: null, telegramLinkPrefix: null, canTranslate: false });
  });

  it("names the Mini App link for messages: t.me/<bot>/<app>?startapp=msg_ with a short name, else t.me/<bot>?startapp=msg_", async () => {
    const withApp = await startTestApp({
      telegram: recordingTelegram("shop_bot"),
      env: { TELEGRAM_APP_SHORT_NAME: "shop" },
    });
    const withoutApp = await startTestApp({ telegram: recordingTelegram("shop_bot") });
    try {
      for (const [app, prefix] of [
        [withApp, "https://t.me/shop_bot/shop?startapp=msg_"],
        [withoutApp, "https://t.me/shop_bot?startapp=msg_"],
      ] as const) {
        const reader = await createMember(app);
        const res = await app.app.request("/api/messages", { headers: bearer(reader.token) });
        expect(feedPageSchema.parse(await res.json()).telegramLinkPrefix).toBe(prefix);
      }
    } finally {
      await withApp.close();
      await withoutApp.close();
    }
  });

  it("pinned first, then newest first; unpublished messages never show; the author's name", async () => {
    const db = t.services.database.db;
    await db.insert(channelMessages).values([
      { content: "old", createdAt: at(30), createdBy: member.userId },
      { content: "new", createdAt: at(1), createdBy: member.userId },
      { content: "pinned old", createdAt: at(60), isPinned: true },
      { content: "draft", createdAt: at(0), isPublished: false },
      { content: "from the channel", createdAt: at(10), telegramChatId: -100123n, telegramMessageId: 7n },
    ]);
    const { page } = await feed();
    expect(page?.messages.map((m) => m.content)).toEqual(["pinned old", "new", "from the channel", "old"]);
    const byContent = new Map(page?.messages.map((m) => [m.content, m]));
    expect(byContent.get("new")?.author).toEqual({ kind: "member", name: "Ada Author", avatarUrl: null });
    // Relayed posts belong to the channel: its name and logo.
    expect(byContent.get("from the channel")?.author).toMatchObject({
      kind: "channel",
      name: "Private Smoke Shop",
    });
    expect(byContent.get("new")?.createdAt).toBe(at(1).toISOString());
  });

  it("pages with a cursor: every message once, in order, even when times are equal", async () => {
    const db = t.services.database.db;
    // 45 messages, in groups of three sharing a timestamp: the id breaks the ties.
    await db
      .insert(channelMessages)
      .values(Array.from({ length: 45 }, (_, n) => ({ content: `m${n}`, createdAt: at(Math.floor(n / 3)) })));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { page } = await feed(`?limit=20${cursor ? `&cursor=${cursor}` : ""}`);
      if (!page) throw new Error("no page");
      seen.push(...page.messages.map((m) => m.content ?? ""));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    // Newest first: group 0 (now) before group 14.
    expect(seen.slice(0, 3).sort()).toEqual(["m0", "m1", "m2"]);
    expect(seen.slice(-3).sort()).toEqual(["m42", "m43", "m44"]);
  });

  it("a page of exactly the limit at the end says there is no next page", async () => {
    await t.services.database.db
      .insert(channelMessages)
      .values(Array.from({ length: 20 }, (_, n) => ({ content: `m${n}`, createdAt: at(n) })));
    const { page } = await feed("?limit=20");
    expect(page?.messages).toHaveLength(20);
    expect(page?.nextCursor).toBeNull();
  });

  it("a bad cursor or limit is a 400 with a clear message", async () => {
    for (const cursor of ["nonsense", Buffer.from('[true,"x","y"]').toString("base64url"), "%00"]) {
      const { res } = await feed(`?cursor=${cursor}`);
      expect(res.status).toBe(400);
    }
    expect(await errorOf((await feed("?cursor=nonsense")).res)).toEqual({
      code: "bad_request",
      message: "Invalid cursor",
    });
    for (const limit of ["0", "51", "abc", "-1"])
      expect((await feed(`?limit=${limit}`)).res.status).toBe(400);
  });

  it("signed out: 401; signed in but not past the age gate: 403", async () => {
    expect((await t.app.request("/api/messages")).status).toBe(401);
    const young = await createMember(t, { ageVerified: false });
    const { res } = await feed("", young.token);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe("You must be 21+ to join");
  });

  it("the counts come from the message row", async () => {
    await t.services.database.db.execute(
      sql`insert into channel_messages (content, hearts, flames, trending) values ('hot', 3, 2, 1)`,
    );
    const { page } = await feed();
    // The stored counts; trending is the app's own rule (recent reactions), none here.
    expect(page?.messages[0]).toMatchObject({ hearts: 3, flames: 2, trending: false, myReactions: [] });
  });
});

describe("reactions", () => {
  const put = (id: string, reaction: string, token = member.token, method = "PUT") =>
    t.app.request(`/api/messages/${id}/reactions/${reaction}`, { method, headers: bearer(token) });

  it("a heart and a flame each, toggled; repeating changes nothing; shown as mine", async () => {
    const [message] = await t.services.database.db
      .insert(channelMessages)
      .values({ content: "react to me" })
      .returning();
    if (!message) throw new Error("no message");
    expect(await (await put(message.id, "heart")).json()).toEqual({
      hearts: 1,
      flames: 0,
      myReactions: ["heart"],
    });
    expect(await (await put(message.id, "heart")).json()).toMatchObject({ hearts: 1 });
    expect(await (await put(message.id, "flame")).json()).toMatchObject({ hearts: 1, flames: 1 });
    const { page } = await feed();
    expect(page?.messages[0]?.myReactions.sort()).toEqual(["flame", "heart"]);
    expect(await (await put(message.id, "heart", member.token, "DELETE")).json()).toEqual({
      hearts: 0,
      flames: 1,
      myReactions: ["flame"],
    });
    expect(await (await put(message.id, "heart", member.token, "DELETE")).json()).toMatchObject({
      hearts: 0,
    });
  });

  it("counts hold under concurrent taps: one person's twenty count once, ten people's count ten", async () => {
    await racing();
    const [message] = await t.services.database.db
      .insert(channelMessages)
      .values({ content: "race" })
      .returning();
    if (!message) throw new Error("no message");
    const same = await Promise.all(Array.from({ length: 20 }, () => put(message.id, "flame")));
    expect(same.every((res) => res.status === 200)).toBe(true);
    // (Signed up one after another: argon2's queue is bounded.)
    const others: Awaited<ReturnType<typeof createMember>>[] = [];
    for (let i = 0; i < 10; i++) others.push(await createMember(t));
    await Promise.all(others.map((other) => put(message.id, "flame", other.token)));
    const { page } = await feed();
    expect(page?.messages[0]).toMatchObject({ flames: 11 });
    // Five or more reactions within 24 hours: trending.
    expect(page?.messages[0]?.trending).toBe(true);
  });

  it("trending is 5 or more reactions in the app within the last 24 hours; older ones do not count", async () => {
    const db = t.services.database.db;
    const [a, b, c] = [member, await createMember(t), await createMember(t)];
    const [warm, hot] = await db
      .insert(channelMessages)
      .values([{ content: "warm" }, { content: "hot" }])
      .returning();
    if (!warm || !hot || !a || !b || !c) throw new Error("setup");
    const now = Date.now();
    const reaction = (messageId: string, userId: string, kind: "heart" | "flame", hoursAgo: number) => ({
      messageId,
      userId,
      reaction: kind,
      createdAt: new Date(now - hoursAgo * 3_600_000),
    });
    await db.insert(messageReactions).values([
      // Four within the day and two from yesterday: not trending.
      reaction(warm.id, a.userId, "heart", 1),
      reaction(warm.id, a.userId, "flame", 2),
      reaction(warm.id, b.userId, "heart", 23),
      reaction(warm.id, b.userId, "flame", 23.5),
      reaction(warm.id, c.userId, "heart", 25),
      reaction(warm.id, c.userId, "flame", 48),
      // Five within the day: trending.
      ...(["heart", "flame"] as const).flatMap((kind) =>
        [a, b].map((who) => reaction(hot.id, who.userId, kind, 3)),
      ),
      reaction(hot.id, c.userId, "heart", 20),
    ]);
    const { page } = await feed();
    const byContent = new Map(page?.messages.map((m) => [m.content, m.trending]));
    expect(byContent.get("warm")).toBe(false);
    expect(byContent.get("hot")).toBe(true);
  });

  it("an unknown message or reaction is a 404", async () => {
    expect((await put("00000000-0000-4000-8000-000000000000", "heart")).status).toBe(404);
    expect((await put("not-a-uuid", "heart")).status).toBe(404);
    const [message] = await t.services.database.db
      .insert(channelMessages)
      .values({ content: "x" })
      .returning();
    expect((await put(message?.id ?? "", "thumbsup")).status).toBe(404);
  });
});

describe("pin and delete: admins and moderators, enforced by the server", () => {
  it("a moderator pins, unpins and deletes; a member and an employee are refused", async () => {
    const moderator = await createMember(t, { roles: ["moderator"] });
    const employee = await createMember(t, { roles: ["employee"] });
    const [message] = await t.services.database.db
      .insert(channelMessages)
      .values({ content: "pin me" })
      .returning();
    if (!message) throw new Error("no message");
    const patch = (token: string, isPinned: boolean) =>
      t.app.request(`/api/messages/${message.id}`, {
        method: "PATCH",
        headers: { ...bearer(token), "content-type": "application/json" },
        body: JSON.stringify({ isPinned }),
      });
    expect((await patch(member.token, true)).status).toBe(403);
    expect((await patch(employee.token, true)).status).toBe(403);
    expect((await patch(moderator.token, true)).status).toBe(200);
    expect((await feed()).page?.messages[0]?.isPinned).toBe(true);
    expect((await patch(moderator.token, false)).status).toBe(200);
    const remove = (token: string) =>
      t.app.request(`/api/messages/${message.id}`, { method: "DELETE", headers: bearer(token) });
    expect((await remove(member.token)).status).toBe(403);
    expect((await remove(moderator.token)).status).toBe(200);
    expect((await feed()).page?.messages).toEqual([]);
    expect((await remove(moderator.token)).status).toBe(404);
  });
});
