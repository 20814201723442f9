import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client";
import { feedPageQuery, listFeedPage } from "#db/queries/channel/feed";
import { tieredPostOfFileQuery } from "#db/queries/channel/post-access";
import { freshDatabase } from "../helpers/test-db";

// Runs on PGlite by default and on Postgres when DATABASE_URL is set: CI runs both.
let database: Database;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ database, cleanup } = await freshDatabase());
  // 10,000 published messages over 10,000 minutes, every 97th unpublished, 3 pinned.
  await database.db.execute(sql`
    insert into channel_messages (content, is_published, is_pinned, created_at)
    select 'message ' || n, n % 97 <> 0, n in (10, 5000, 9000), now() - (n || ' minutes')::interval
    from generate_series(1, 10000) as n`);
  await database.db.execute(sql`analyze channel_messages`);
});
afterAll(() => cleanup());

// A reader with no reactions; the trending window of the last day.
const viewer = { id: "00000000-0000-4000-8000-000000000000", since: new Date(Date.now() - 86_400_000) };

const planOf = async (query: { sql: string; params: unknown[] }): Promise<string> => {
  // EXPLAIN of the statement the feed runs, with its parameters written in.
  let text = query.sql;
  query.params.forEach((param, index) => {
    const literal = typeof param === "number" ? String(param) : `'${String(param).replace(/'/g, "''")}'`;
    text = text.replace(new RegExp(`\\$${index + 1}(?!\\d)`, "g"), literal);
  });
  const result = (await database.db.execute(sql.raw(`explain ${text}`))) as unknown as
    | { rows: { "QUERY PLAN": string }[] }
    | { "QUERY PLAN": string }[];
  const rows = "rows" in result ? result.rows : result;
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
};

describe("the feed's first page at 10,000 messages", () => {
  it("is read from channel_messages_feed_page_idx, in its order, without sorting", async () => {
    const plan = await planOf(feedPageQuery(database.db, viewer, null, 21).toSQL());
    console.log(`EXPLAIN of the first feed page:\n${plan}`);
    expect(plan).toMatch(/Index Scan using channel_messages_feed_page_idx/);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("a later page too (the keyset condition uses the same index)", async () => {
    const [first] = await listFeedPage(database.db, viewer, null, 1);
    if (!first) throw new Error("no messages");
    const plan = await planOf(
      feedPageQuery(
        database.db,
        viewer,
        { pinned: false, createdAt: first.createdAt, id: first.id },
        21,
      ).toSQL(),
    );
    expect(plan).toMatch(/Index (Only )?Scan using channel_messages_feed_page_idx/);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("pages through every published message once, pinned first, newest first", async () => {
    const seen: string[] = [];
    let after = null;
    let pinnedSeen = 0;
    let previous: { pinned: boolean; at: number } | null = null;
    for (;;) {
      const page = await listFeedPage(database.db, viewer, after, 500);
      for (const row of page) {
        seen.push(row.id);
        if (row.isPinned) pinnedSeen += 1;
        if (previous) {
          // Pinned before unpinned; within each, newest first.
          expect(previous.pinned || !row.isPinned).toBe(true);
          if (previous.pinned === row.isPinned)
            expect(previous.at).toBeGreaterThanOrEqual(row.createdAt.getTime());
        }
        previous = { pinned: row.isPinned, at: row.createdAt.getTime() };
      }
      const last = page.at(-1);
      if (page.length < 500 || !last) break;
      after = { pinned: last.isPinned, createdAt: last.createdAt, id: last.id };
    }
    const published = 10000 - Math.floor(10000 / 97);
    expect(seen).toHaveLength(published);
    expect(new Set(seen).size).toBe(published);
    expect(pinnedSeen).toBe(3);
  });
});

describe("/media's look-up of a file among the posts for some tiers (decision 118)", () => {
  it("reads channel_messages_tiered_idx, not the 10,000 posts for everyone", async () => {
    const plan = await planOf(tieredPostOfFileQuery(database.db, "/media/message-images/a.png").toSQL());
    expect(plan).toMatch(/channel_messages_tiered_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
