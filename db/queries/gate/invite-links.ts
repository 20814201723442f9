import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { executeRows } from "../../rows";
import { gateInviteLinks } from "../../schema";
import { mayStaySql } from "./access";

/** The member's live personal link to the chat, if any. */
export async function liveLink(db: Db, chatId: bigint, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ link: gateInviteLinks.link })
    .from(gateInviteLinks)
    .where(
      and(
        eq(gateInviteLinks.chatId, chatId),
        eq(gateInviteLinks.userId, userId),
        isNull(gateInviteLinks.revokedAt),
      ),
    );
  return row?.link;
}

/** Keeps a new personal link unless the member has a live one already (another request's); returns whether it was kept. */
export async function saveLink(
  db: Db,
  link: { chatId: bigint; userId: string; telegramId: bigint; link: string },
): Promise<boolean> {
  const rows = await db
    .insert(gateInviteLinks)
    .values(link)
    .onConflictDoNothing()
    .returning({ id: gateInviteLinks.id });
  return rows.length > 0;
}

/** Whose personal link this is (its owner's Telegram id), or undefined: not one of the gate's links. */
export async function linkOwner(db: Db, link: string): Promise<{ telegramId: bigint } | undefined> {
  const [row] = await db
    .select({ telegramId: gateInviteLinks.telegramId })
    .from(gateInviteLinks)
    .where(eq(gateInviteLinks.link, link));
  return row;
}

/**
 * Marks revoked, each once over all processes, the live links whose owner may no longer be in their
 * chat (or whose account is gone), optionally one owner's only. Returns them, for the revocation calls.
 */
export async function revokeEndedLinks(
  tx: Db,
  telegramId?: bigint,
): Promise<{ chatId: string; link: string; userId: string | null }[]> {
  const only = telegramId === undefined ? sql`` : sql`and l.telegram_id = ${telegramId.toString()}::bigint`;
  const rows = await executeRows<{ chat_id: string; link: string; user_id: string | null }>(
    tx,
    sql`
      with ended as (
        select l.id from gate_invite_links l
        where l.revoked_at is null ${only}
          and (l.user_id is null or not ${mayStaySql(sql`l.chat_id`, sql`l.telegram_id`)})
        for update of l skip locked
      )
      update gate_invite_links l set revoked_at = now() from ended where l.id = ended.id
      returning l.chat_id::text as chat_id, l.link, l.user_id`,
  );
  return rows.map((row) => ({ chatId: row.chat_id, link: row.link, userId: row.user_id }));
}
