import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messagePath } from "#api/contracts/app-links";
import { type FeedMessage, feedPageSchema, postMessageResultSchema } from "#api/contracts/feed";
import { relayChannelPost, setRelayedPostTiers } from "#api/domain/channel";
import { Refusal } from "#api/domain/refusal";
import { createApp } from "#api/http/app";
import { SHELL_END, SHELL_START } from "#api/http/app-shell";
import { channelMessages, profiles, users } from "#db/schema/index";
import { bearer, createMember, errorOf, HOUR, recordingTelegram, TestClock } from "../helpers/accounts";
import { startFakeOpenAi } from "../helpers/fake-openai";
import { PNG, padded } from "../helpers/sample-files";
import { SseReader } from "../helpers/sse-client";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// Posts for some tiers (decision 118) on every way to a post: the feed's pages and single reads,
// its live events, /media, translations, shares and link previews. A member not on one of the
// post's tiers gets the locked shape or post_locked; one on a tier, staff and admins get it all;
// a tier change opens it at the next read. PGlite, and Postgres when DATABASE_URL is set.

const CHANNEL = -1001n;
const SECRET = "Premium drop: Blue Dream restocked, code GOLD";
const clock = new TestClock(Date.parse("2026-11-29T10:20:00Z"));
const bot = recordingTelegram("shop_bot", { chatId: CHANNEL });
let model: Awaited<ReturnType<typeof startFakeOpenAi>>;
let t: TestApp;
let tiers: Record<TestTierName, string>;
type Person = Awaited<ReturnType<typeof createMember>>;
let admin: Person;
let employee: Person;
let free: Person;
let basic: Person;
let premium: Person;
let telegramIds = 7_700;
const controller = new AbortController();

const db = () => t.services.database.db;

async function onTier(person: Person, tier: TestTierName | null) {
  await db()
    .update(profiles)
    .set({ membershipTierId: tier ? tiers[tier] : null })
    .where(eq(profiles.id, person.userId));
}

async function person(tier: TestTierName | null, roles: ("admin" | "employee")[] = []) {
  const made = await createMember(t, { roles });
  await db()
    .update(users)
    .set({ telegramId: BigInt(telegramIds++) })
    .where(eq(users.id, made.userId));
  await onTier(made, tier);
  return made;
}

beforeAll(async () => {
  model = await startFakeOpenAi();
  t = await startTestApp({
    telegram: bot,
    now: clock.now,
    env: {
      PUBLIC_URL: "https://shop.example.com",
      OPENAI_API_KEY: "sk-test-tiers",
      OPENAI_BASE_URL: model.url,
      OPENAI_MODEL: "gpt-test",
    },
  });
  tiers = await insertTestTiers(db());
  admin = await person(null, ["admin"]);
  employee = await person(null, ["employee"]);
  free = await person(null);
  basic = await person("basic");
  premium = await person("premium");
});
afterAll(async () => {
  controller.abort();
  await t?.close();
  await model?.close();
});
beforeEach(async () => {
  await db().delete(channelMessages);
  bot.published.length = 0;
  bot.shared.length = 0;
  model.calls.length = 0;
});

/** A post stored as the composer or the relay would have it, for these tiers. */
async function newPost(tierNames: TestTierName[], fields: Partial<typeof channelMessages.$inferInsert> = {}) {
  const [row] = await db()
    .insert(channelMessages)
    .values({
      content: SECRET,
      link: "https://example.com/secret",
      entities: [{ type: "bold", offset: 0, length: 7 }],
      telegramUrl: "https://t.me/c/1001/42",
      tierIds: tierNames.map((name) => tiers[name]),
      ...fields,
    })
    .returning();
  if (!row) throw new Error("not inserted");
  return row.id;
}

const feed = async (reader: Person, query = "") => {
  const res = await t.app.request(`/api/messages${query}`, { headers: bearer(reader.token) });
  expect(res.status).toBe(200);
  return feedPageSchema.parse(await res.json()).messages;
};
const one = async (reader: Person, id: string) => {
  const [message] = await feed(reader, `?ids=${id}`);
  if (!message) throw new Error("not in the feed");
  return message;
};

/** The locked shape: nothing of the post but its place, author, counts and the plan that opens it. */
function expectLocked(message: FeedMessage, plan: string) {
  expect(message).toMatchObject({
    locked: true,
    content: null,
    link: null,
    imageUrl: null,
    entities: null,
    media: [],
    telegramUrl: null,
  });
  expect(message.tiers[0]?.name).toBe(plan);
  expect(JSON.stringify(message)).not.toContain("Blue Dream");
}
function expectOpen(message: FeedMessage) {
  expect(message.locked).toBe(false);
  expect(message.content).toBe(SECRET);
  expect(message.telegramUrl).toBe("https://t.me/c/1001/42");
}

describe("the feed", () => {
  it("a page: locked for a member on none of the post's tiers, open to its tiers, staff and admins; untiered posts as ever", async () => {
    const basicUp = await newPost(["premium", "basic"]);
    const premiumOnly = await newPost(["premium"]);
    const everyone = await newPost([], { content: "For all" });

    const forFree = new Map((await feed(free)).map((m) => [m.id, m]));
    expectLocked(forFree.get(basicUp) as FeedMessage, "Basic");
    expectLocked(forFree.get(premiumOnly) as FeedMessage, "Premium");
    expect(forFree.get(everyone)).toMatchObject({ content: "For all", locked: false, tiers: [] });

    const forBasic = new Map((await feed(basic)).map((m) => [m.id, m]));
    expectOpen(forBasic.get(basicUp) as FeedMessage);
    expect(forBasic.get(basicUp)?.link).toBe("https://example.com/secret");
    expect(forBasic.get(basicUp)?.tiers.map((tier) => tier.name)).toEqual(["Basic", "Premium"]);
    expectLocked(forBasic.get(premiumOnly) as FeedMessage, "Premium");

    for (const reader of [premium, admin, employee]) {
      const messages = await feed(reader);
      expect(messages).toHaveLength(3);
      for (const message of messages) expect(message.locked).toBe(false);
    }
  });

  it("single reads (?ids=) answer the same shapes", async () => {
    const id = await newPost(["premium"]);
    expectLocked(await one(free, id), "Premium");
    expectLocked(await one(basic, id), "Premium");
    expectOpen(await one(premium, id));
    expectOpen(await one(admin, id));
  });

  it("a tier change opens the post at the next read, and a lapse locks it again", async () => {
    const id = await newPost(["premium"]);
    const member = await person("basic");
    expectLocked(await one(member, id), "Premium");
    await onTier(member, "premium");
    expectOpen(await one(member, id));
    await onTier(member, null);
    expectLocked(await one(member, id), "Premium");
  });

  it("a post whose tiers were all deleted stays locked, naming no plan", async () => {
    const id = await newPost([], { tierIds: ["0f6b1c0e-0000-4000-8000-000000000001"] });
    const message = await one(premium, id);
    expect(message).toMatchObject({ locked: true, content: null, tiers: [] });
    expectOpen(await one(admin, id));
  });
});

describe("the live events", () => {
  it("name a locked post's id only; the read that follows gives the locked shape", async () => {
    const stream = new SseReader(
      await t.app.request("/api/events", { headers: bearer(free.token), signal: controller.signal }),
    );
    await eventually(async () => expect(stream.comments).toContain("connected"));
    const id = await newPost(["premium"]);
    const naming = () =>
      stream.events
        .filter((event) => event.event === "change")
        .map((event) => JSON.parse(event.data) as Record<string, unknown>)
        .find((data) => Array.isArray(data.ids) && data.ids.includes(id));
    const change = await eventually(async () => {
      const found = naming();
      expect(found).toBeDefined();
      return found;
    });
    expect(Object.keys(change ?? {}).sort()).toEqual(["ids", "table"]);
    expect(change?.table).toBe("channel_messages");
    expect(stream.events.map((event) => event.data).join("")).not.toContain("Blue Dream");
    expectLocked(await one(free, id), "Premium");
  });
});

describe("the composer", () => {
  const composed = (tierIds: string, token = admin.token) => {
    const form = new FormData();
    form.append("content", SECRET);
    form.append("tierIds", tierIds);
    form.append("file", new Blob([new Uint8Array(padded(PNG, 2000))], { type: "image/png" }), "drop.png");
    return t.app.request("/api/messages", { method: "POST", headers: bearer(token), body: form });
  };

  it("stores a post for the chosen tiers, kept from the Telegram channel; its picture comes with a grant to those who may read it", async () => {
    const res = await composed(`${tiers.premium.toUpperCase()},${tiers.basic}`);
    expect(res.status, await res.clone().text()).toBe(201);
    const { id, channel } = postMessageResultSchema.parse(await res.json());
    expect(channel).toBe("for_tiers");
    expect(bot.published).toEqual([]);
    const [row] = await db().select().from(channelMessages).where(eq(channelMessages.id, id));
    expect(new Set(row?.tierIds)).toEqual(new Set([tiers.premium, tiers.basic]));

    expectLocked(await one(free, id), "Basic");
    const opened = await one(basic, id);
    expect(opened.imageUrl).toMatch(/^\/media\/message-images\/.+\?grant=\d+\.[\w-]{32}$/);
    expect((await one(admin, id)).imageUrl).toBe(opened.imageUrl);
  });

  it("an untiered post is published as before; an unknown or malformed tier is refused and nothing is stored", async () => {
    const res = await composed("");
    expect(postMessageResultSchema.parse(await res.json()).channel).toBe("published");
    for (const tierIds of ["0f6b1c0e-0000-4000-8000-000000000002", "not-a-tier", `${tiers.basic},x`]) {
      const refused = await composed(tierIds);
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).message).toBe("A chosen tier does not exist");
    }
    expect(await db().select().from(channelMessages)).toHaveLength(1);
  });
});

describe("/media", () => {
  async function tieredPicture() {
    const form = new FormData();
    form.append("content", SECRET);
    form.append("tierIds", tiers.premium);
    form.append("file", new Blob([new Uint8Array(padded(PNG, 2000))], { type: "image/png" }), "drop.png");
    const res = await t.app.request("/api/messages", {
      method: "POST",
      headers: bearer(admin.token),
      body: form,
    });
    const { id } = postMessageResultSchema.parse(await res.json());
    const granted = (await one(premium, id)).imageUrl ?? "";
    return { id, granted, bare: granted.split("?")[0] ?? "" };
  }

  it("serves a locked post's file only with the grant the feed gave; without one, a tampered or an expired one: 403 post_locked", async () => {
    const { granted, bare } = await tieredPicture();
    const ok = await t.app.request(granted);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("private, max-age=3600");

    for (const url of [bare, `${bare}?grant=`, granted.replace(/.$/, (c) => (c === "A" ? "B" : "A"))]) {
      const refused = await t.app.request(url);
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toEqual({
        code: "forbidden",
        message: "This post is for members of another plan",
        reason: "post_locked",
      });
    }
    // A member without the tier holds no URL to it at all; a session does not stand for a grant.
    expect(
      (await t.app.request(bare, { headers: { cookie: `__Host-session=${premium.token}` } })).status,
    ).toBe(403);

    // Good for one to two hours, then refused.
    clock.advance(2 * HOUR);
    expect((await t.app.request(granted)).status).toBe(403);
  });

  it("a relayed post's attachments get grants; an untiered post's files need none", async () => {
    const url = await t.services.storage.put(
      "message-images",
      "telegram/1001-77-uniq.png",
      padded(PNG, 500),
      "image/png",
    );
    const id = await newPost(["basic"], {
      media: [{ kind: "image", url, telegramMessageId: 77, fileUniqueId: "uniq" }],
      imageUrl: url,
    });
    expect((await t.app.request(url)).status).toBe(403);
    const [media] = (await one(basic, id)).media;
    expect(media?.url).toMatch(/\?grant=/);
    expect((await t.app.request(media?.url ?? "")).status).toBe(200);
    expect((await one(free, id)).media).toEqual([]);

    await db().update(channelMessages).set({ tierIds: [] }).where(eq(channelMessages.id, id));
    expect((await one(free, id)).media[0]?.url).toBe(url);
    expect((await t.app.request(url)).status).toBe(200);
  });
});

describe("translation", () => {
  const translate = (id: string, reader: Person) =>
    t.app.request(`/api/messages/${id}/translation`, { method: "POST", headers: bearer(reader.token) });

  it("refuses a locked post (403 post_locked) without asking the model; translates it for its tiers", async () => {
    await db().update(profiles).set({ language: "es" });
    const id = await newPost(["premium"]);
    const refused = await translate(id, basic);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).reason).toBe("post_locked");
    expect(model.calls).toHaveLength(0);

    model.behave({ kind: "answer", content: "Novedad premium" });
    const res = await translate(id, premium);
    expect(res.status).toBe(200);
    expect(model.calls).toHaveLength(1);
    // Kept: still refused to the member without the tier.
    expect((await translate(id, basic)).status).toBe(403);
    expect((await translate(id, admin)).status).toBe(200);
  });
});

describe("sharing", () => {
  const share = (id: string, reader: Person) =>
    t.app.request(`/api/share/posts/${id}`, { method: "POST", headers: bearer(reader.token) });

  it("refuses to prepare a locked post's card (403 post_locked); prepares it for its tiers and staff", async () => {
    const id = await newPost(["premium"]);
    const refused = await share(id, free);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).reason).toBe("post_locked");
    expect(bot.shared).toEqual([]);

    expect((await share(id, premium)).status).toBe(200);
    expect((await share(id, employee)).status).toBe(200);
    expect(bot.shared).toHaveLength(2);
    expect(JSON.stringify(bot.shared.map((shared) => shared.card))).not.toContain("Blue Dream");
  });
});

describe("link previews", () => {
  it("a post's page shows the channel, never the post, whoever asks", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tiers-static-"));
    try {
      await writeFile(
        join(dir, "index.html"),
        `<!doctype html><html><head><title>Shop</title></head><body><div id="root">${SHELL_START}${SHELL_END}</div></body></html>`,
      );
      const app = createApp({ ...t.services, staticDir: dir });
      const id = await newPost(["premium"], { imageUrl: "/media/message-images/secret.png" });
      for (const headers of [{}, { cookie: `__Host-session=${free.token}` }] as Record<string, string>[]) {
        const res = await app.request(messagePath(id), { headers });
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain('property="og:title"');
        expect(html).not.toContain("Blue Dream");
        expect(html).not.toContain("secret.png");
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("posts relayed from a gated chat", () => {
  it("the gate sets a relayed post's tiers (unknown ones refused); an empty set opens it again", async () => {
    await relayChannelPost(t.services, {
      chatId: CHANNEL,
      messageId: 42n,
      mediaGroupId: null,
      content: SECRET,
      entities: null,
      attachment: undefined,
      telegramUrl: "https://t.me/c/1001/42",
      createdAt: clock.now(),
    });
    const [row] = await db().select().from(channelMessages);
    if (!row) throw new Error("not relayed");
    expect(row.tierIds).toEqual([]);

    expect(await setRelayedPostTiers(t.services, CHANNEL, 42n, [tiers.premium])).toBe(true);
    expectLocked(await one(free, row.id), "Premium");
    expectOpen(await one(premium, row.id));

    await expect(
      setRelayedPostTiers(t.services, CHANNEL, 42n, ["0f6b1c0e-0000-4000-8000-000000000003"]),
    ).rejects.toBeInstanceOf(Refusal);
    expect(await setRelayedPostTiers(t.services, CHANNEL, 43n, [tiers.premium])).toBe(false);

    expect(await setRelayedPostTiers(t.services, CHANNEL, 42n, [])).toBe(true);
    expect((await one(free, row.id)).content).toBe(SECRET);
  });
});
