import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { executeRows } from "../../rows";
import { channelMessages, messageTranslations, profiles } from "../../schema";
import { readerColumns } from "./post-access";

const t = messageTranslations;
const m = channelMessages;

/**
 * What a translation request needs, in one statement: the published message's text and tiers, the
 * reader's stored language, tier and staff role, and the finished translation into that language
 * (English for no stored one). Undefined when no published message has the id.
 */
export async function translationSource(db: Db, messageId: string, userId: string) {
  const language = sql`coalesce((select ${profiles.language} from ${profiles} where ${profiles.id} = ${userId}), 'en')`;
  const [row] = await db
    .select({
      content: m.content,
      language: sql<string>`${language}`,
      cached: sql<
        string | null
      >`(select ${t.text} from ${t} where ${t.messageId} = ${m.id} and ${t.language} = ${language} and ${t.status} = 'done')`,
      tierIds: m.tierIds,
      ...readerColumns(userId),
    })
    .from(m)
    .where(and(eq(m.id, messageId), eq(m.isPublished, true)));
  return row;
}

/**
 * Takes the job of translating the published message into `language` under `claimId`: a new row,
 * or one whose last attempt failed, or one whose claim is older than `staleMs` (its process died
 * or gave up). True when this claim is the one asking the model.
 */
export async function claimTranslation(
  db: Db,
  messageId: string,
  language: string,
  claimId: string,
  staleMs: number,
): Promise<boolean> {
  const rows = await executeRows(
    db,
    sql`
    insert into ${t} (message_id, language, status, claim_id)
    select ${m.id}, ${language}, 'pending', ${claimId}::uuid from ${m}
    where ${m.id} = ${messageId}::uuid and ${m.isPublished}
    on conflict (message_id, language) do update
      set status = 'pending', text = null, claim_id = excluded.claim_id, claimed_at = now()
      where ${t.status} = 'failed'
        or (${t.status} = 'pending' and ${t.claimedAt} < now() - ${staleMs} * interval '1 millisecond')
    returning 1`,
  );
  return rows.length > 0;
}

/** The row of a message and language as it is now. */
export async function readTranslation(db: Db, messageId: string, language: string) {
  const [row] = await db
    .select({ status: t.status, text: t.text })
    .from(t)
    .where(and(eq(t.messageId, messageId), eq(t.language, language)));
  return row as { status: "pending" | "done" | "failed"; text: string | null } | undefined;
}

/**
 * The model's answer for a claim, or its failure (`text` null). A claim taken over meanwhile, or a
 * row an edit deleted, changes nothing.
 */
export async function settleTranslation(
  db: Db,
  messageId: string,
  language: string,
  claimId: string,
  text: string | null,
): Promise<void> {
  await db
    .update(t)
    .set(text === null ? { status: "failed" } : { status: "done", text })
    .where(
      and(
        eq(t.messageId, messageId),
        eq(t.language, language),
        eq(t.claimId, claimId),
        eq(t.status, "pending"),
      ),
    );
}
