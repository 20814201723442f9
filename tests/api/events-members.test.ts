import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelMessages, products } from "#db/schema/index";
import { bearer, createMember, DAY, jsonRequest, post, TestClock } from "../helpers/accounts";
import { SseReader } from "../helpers/sse-client";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

const clock = new TestClock();
let t: TestApp;
const controller = new AbortController();
beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
});
afterAll(async () => {
  controller.abort();
  await t.close();
});

async function open(path: string, headers: Record<string, string> = {}) {
  const stream = new SseReader(await t.app.request(path, { headers, signal: controller.signal }));
  await eventually(async () => expect(stream.comments).toContain("connected"));
  return stream;
}

/** A feed change, then a public one: once the public one arrives, the feed one has been decided. */
async function feedThenCatalogueChange(...streams: SseReader[]) {
  const db = t.services.database.db;
  const [message] = await db.insert(channelMessages).values({ content: "members only" }).returning();
  await db
    .update(channelMessages)
    .set({ isPinned: true })
    .where(eq(channelMessages.id, message?.id ?? ""));
  await db.insert(products).values({ title: "Public drop", creditPrice: "5.00" });
  for (const stream of streams) {
    await eventually(async () => expect(stream.changedTables()).toContain("products"));
  }
}

describe("GET /api/events for members", () => {
  it("sends feed changes to signed-in, age-verified members only; a token in the query is ignored", async () => {
    const member = await createMember(t);
    const unverified = await createMember(t, { ageVerified: false });
    const streams = {
      visitor: await open("/api/events"),
      bearer: await open("/api/events", bearer(member.token)),
      cookie: await open("/api/events", { cookie: `__Host-session=${member.token}` }),
      query: await open(`/api/events?token=${encodeURIComponent(member.token)}`),
      badToken: await open("/api/events", bearer("not-a-real-token-at-all")),
      unverified: await open("/api/events", bearer(unverified.token)),
    };
    await feedThenCatalogueChange(...Object.values(streams));

    for (const stream of [streams.bearer, streams.cookie]) {
      expect(new Set(stream.changedTables())).toEqual(new Set(["channel_messages", "products"]));
    }
    for (const stream of [streams.visitor, streams.query, streams.badToken, streams.unverified]) {
      expect(stream.changedTables()).toEqual(["products"]);
    }
  });

  it("names the feed messages that changed, up to 50 in a tick; more, and the event names none", async () => {
    const member = await createMember(t);
    const stream = await open("/api/events", bearer(member.token));
    const db = t.services.database.db;
    const [one] = await db.insert(channelMessages).values({ content: "one" }).returning();
    await eventually(async () =>
      expect(stream.events.map((e) => JSON.parse(e.data))).toContainEqual({
        table: "channel_messages",
        ids: [one?.id],
      }),
    );
    const before = stream.events.length;
    await db
      .insert(channelMessages)
      .values(Array.from({ length: 120 }, (_, n) => ({ content: `bulk ${n}` })));
    await eventually(async () => expect(stream.events.length).toBeGreaterThan(before));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const later = stream.events
      .slice(before)
      .map((e) => JSON.parse(e.data) as { table: string; ids?: string[] });
    // The 120 rows may be split over ticks; whichever event covered more than 50 names none.
    expect(later.every((e) => e.table === "channel_messages")).toBe(true);
    expect(later.every((e) => (e.ids?.length ?? 0) <= 50)).toBe(true);
    expect(later.some((e) => e.ids === undefined)).toBe(true);
  });

  it("stops feed changes to a stream whose session logged out, at once", async () => {
    const leaving = await createMember(t);
    const staying = await createMember(t);
    const leavingStream = await open("/api/events", bearer(leaving.token));
    const stayingStream = await open("/api/events", bearer(staying.token));

    const res = await t.app.request("/api/auth/logout", post({}, bearer(leaving.token)));
    expect(res.status).toBe(200);
    await feedThenCatalogueChange(leavingStream, stayingStream);

    expect(leavingStream.changedTables()).toEqual(["products"]);
    expect(stayingStream.changedTables()).toContain("channel_messages");
  });

  it("stops feed changes to a stream whose account was deleted", async () => {
    const member = await createMember(t);
    const stream = await open("/api/events", bearer(member.token));
    const res = await t.app.request(
      "/api/me",
      jsonRequest("DELETE", { confirmation: member.email }, bearer(member.token)),
    );
    expect(res.status).toBe(200);
    await feedThenCatalogueChange(stream);
    expect(stream.changedTables()).toEqual(["products"]);
  });

  it("stops feed changes to a stream whose session expired", async () => {
    const member = await createMember(t);
    const stream = await open("/api/events", bearer(member.token));
    clock.advance(t.services.config.SESSION_TTL_DAYS * DAY + 1);
    await feedThenCatalogueChange(stream);
    expect(stream.changedTables()).toEqual(["products"]);
  });
});
