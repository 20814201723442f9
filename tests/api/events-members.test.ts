import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeEventSchema } from "#api/contracts/events";
import { channelMessages, products } from "#db/schema/index";
import { createMember } from "../helpers/accounts";
import { SseReader } from "../helpers/sse-client";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const tables = (stream: SseReader) =>
  stream.events.map((e) => changeEventSchema.parse(JSON.parse(e.data))).map((e) => `${e.table}:${e.op}`);

describe("GET /api/events for members", () => {
  it("sends feed changes to signed-in, age-verified members only", async () => {
    const member = await createMember(t);
    const unverified = await createMember(t, { ageVerified: false });
    const controller = new AbortController();
    const open = async (path: string, headers: Record<string, string> = {}) => {
      const stream = new SseReader(await t.app.request(path, { headers, signal: controller.signal }));
      await eventually(async () => expect(stream.comments).toContain("connected"));
      return stream;
    };
    const streams = {
      visitor: await open("/api/events"),
      bearer: await open("/api/events", { authorization: `Bearer ${member.token}` }),
      cookie: await open("/api/events", { cookie: `__Host-session=${member.token}` }),
      query: await open(`/api/events?token=${encodeURIComponent(member.token)}`),
      badToken: await open("/api/events?token=not-a-real-token-at-all"),
      unverified: await open(`/api/events?token=${unverified.token}`),
    };

    const db = t.services.database.db;
    const [message] = await db.insert(channelMessages).values({ content: "members only" }).returning();
    await db
      .update(channelMessages)
      .set({ isPinned: true })
      .where(eq(channelMessages.id, message?.id ?? ""));
    await db.insert(products).values({ title: "Public drop", creditPrice: "5.00" });

    const memberSees = ["channel_messages:insert", "channel_messages:update", "products:insert"];
    for (const stream of [streams.bearer, streams.cookie, streams.query]) {
      await eventually(async () => expect(tables(stream)).toEqual(memberSees));
    }
    for (const stream of [streams.visitor, streams.badToken, streams.unverified]) {
      await eventually(async () => expect(tables(stream)).toEqual(["products:insert"]));
    }
    controller.abort();
  });
});
