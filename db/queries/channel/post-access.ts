import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { channelMessages, membershipTiers, profiles, userRoles } from "../../schema";

const m = channelMessages;
const t = membershipTiers;

/** One of the tiers a post is for, as the locked card and the admin's badge name it. */
export interface PostTier {
  id: string;
  name: string;
  level: number;
  active: boolean;
}

/**
 * Who reads, as columns of the read itself (decision 118): the reader's current tier and whether
 * they hold a staff role. Each is one subquery on a primary key, the same for every row.
 */
export const readerColumns = (readerId: string) => ({
  readerTierId: sql<
    string | null
  >`(select ${profiles.membershipTierId} from ${profiles} where ${profiles.id} = ${readerId})`,
  readerIsStaff: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${readerId})`,
});

/** The post's tiers that still exist (none for a post for everyone), in no order. */
export const postTiers = sql<PostTier[]>`case when ${m.tierIds} = '{}'::uuid[] then '[]'::json else coalesce((
  select json_agg(json_build_object('id', ${t.id}, 'name', ${t.displayName}, 'level', ${t.tierLevel}, 'active', ${t.isActive}))
  from ${t} where ${t.id} = any(${m.tierIds})), '[]'::json) end`;

/** A published post's tiers and the reader's standing, in one statement; undefined when not published. */
export async function readPostAccess(db: Db, messageId: string, readerId: string) {
  const [row] = await db
    .select({ tierIds: m.tierIds, ...readerColumns(readerId) })
    .from(m)
    .where(and(eq(m.id, messageId), eq(m.isPublished, true)));
  return row;
}

/**
 * The post a stored file belongs to (its picture or one of its attachments), looked for among the
 * posts for some tiers only (channel_messages_tiered_idx).
 */
export const tieredPostOfFileQuery = (db: Db, url: string) =>
  db
    .select({ tierIds: m.tierIds })
    .from(m)
    .where(
      and(
        sql`${m.tierIds} <> '{}'::uuid[]`,
        sql`(${m.imageUrl} = ${url} or ${m.media} @> ${JSON.stringify([{ url }])}::jsonb)`,
      ),
    )
    .limit(1);

/** The tiers of the post holding a stored file; undefined when no post for some tiers holds it. */
export async function tieredPostOfFile(db: Db, url: string): Promise<string[] | undefined> {
  const [row] = await tieredPostOfFileQuery(db, url);
  return row?.tierIds;
}

/** Sets the tiers a post is for (empty: everyone); false when there is no such message. */
export async function setPostTiers(db: Db, messageId: string, tierIds: string[]): Promise<boolean> {
  const rows = await db.update(m).set({ tierIds }).where(eq(m.id, messageId)).returning({ id: m.id });
  return rows.length > 0;
}

/** How many of these tier ids name a tier (all of them: a post's tiers are checked when set). */
export async function countTiers(db: Db, tierIds: string[]): Promise<number> {
  if (tierIds.length === 0) return 0;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(inArray(t.id, tierIds));
  return row?.n ?? 0;
}
