import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { executeRows } from "../../rows";
import { products, profiles, stockAlerts, users } from "../../schema";
import { botWritableSql, verifiedEmailSql } from "../messaging/recipients";

/** Whether the member waits for the product. */
export async function hasStockAlert(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: stockAlerts.userId })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, productId)));
  return row !== undefined;
}

/** The member waits for the product (again: a second ask changes nothing). */
export async function addStockAlert(db: Db, userId: string, productId: string): Promise<void> {
  await db.insert(stockAlerts).values({ userId, productId }).onConflictDoNothing();
}

/** The member no longer waits, or was told. */
export async function removeStockAlert(db: Db, userId: string, productId: string): Promise<void> {
  await db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, productId)));
}

/** An alert taken for its message, with what the message needs and where the member is reached. */
export interface DueStockAlert {
  userId: string;
  productId: string;
  title: string;
  /** When the member asked: with member and product, it names this alert's one message. */
  createdAt: Date;
  telegramId: bigint | null;
  botWritable: boolean;
  verifiedEmail: string | null;
  /** The member's stored language tag (profiles.language), the message's language. */
  language: string | null;
}

const inList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Takes (deletes) the alerts of active products in stock whose member the bot may write to or who has
 * a proven address, of these products or this member only: each alert once, however many processes
 * take at once (a row another took is gone when the delete reaches it). The others keep waiting.
 */
export async function takeDueStockAlerts(
  tx: Db,
  only: { productIds?: readonly string[]; userId?: string },
): Promise<DueStockAlert[]> {
  if (only.productIds?.length === 0) return [];
  const rows = await executeRows<{
    user_id: string;
    product_id: string;
    title: string;
    created_at: string | Date;
    telegram_id: string | null;
    bot_writable: boolean;
    verified_email: string | null;
    language: string | null;
  }>(
    tx,
    sql`
      delete from ${stockAlerts} using ${products}, ${users}, ${profiles}
      where ${products.id} = ${stockAlerts.productId} and ${users.id} = ${stockAlerts.userId}
        and ${profiles.id} = ${stockAlerts.userId}
        and ${products.isActive} and ${products.stockQuantity} > 0
        and (${botWritableSql} or ${verifiedEmailSql} is not null)
        ${only.productIds ? sql`and ${stockAlerts.productId} in (${inList(only.productIds)})` : sql``}
        ${only.userId ? sql`and ${stockAlerts.userId} = ${only.userId}::uuid` : sql``}
      returning ${stockAlerts.userId} as user_id, ${stockAlerts.productId} as product_id,
        ${products.title} as title, ${stockAlerts.createdAt} as created_at,
        ${users.telegramId}::text as telegram_id, ${botWritableSql} as bot_writable,
        ${verifiedEmailSql} as verified_email, ${profiles.language} as language`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    productId: row.product_id,
    title: row.title,
    createdAt: new Date(row.created_at),
    telegramId: row.telegram_id === null ? null : BigInt(row.telegram_id),
    botWritable: row.bot_writable,
    verifiedEmail: row.verified_email || null,
    language: row.language,
  }));
}

/** The outbox dedupe key of an alert's message: its product comes first, so a product's messages are found. */
export const stockAlertKey = (alert: { productId: string; userId: string; createdAt: Date }) =>
  `back_in_stock:${alert.productId}:${alert.userId}:${alert.createdAt.toISOString()}`;

/**
 * The alerts' messages still queued for these products, now inactive or out of stock again, are
 * cancelled and their members wait again: they hear at the next restock. Returns how many.
 */
export async function returnQueuedStockAlerts(tx: Db, productIds: readonly string[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const rows = await executeRows<{ user_id: string }>(
    tx,
    sql`
      with gone as (
        select ${products.id} as id from ${products}
        where ${products.id} in (${inList(productIds)})
          and not (${products.isActive} and ${products.stockQuantity} > 0)
      ), back as (
        update outbox set state = 'cancelled', done_at = now(), last_error = 'out of stock again'
        from gone
        where outbox.kind = 'back_in_stock' and outbox.state = 'queued'
          and outbox.dedupe_key like 'back_in_stock:' || gone.id::text || ':%'
        returning outbox.user_id, gone.id as product_id
      )
      insert into stock_alerts (user_id, product_id) select user_id, product_id from back
      on conflict do nothing
      returning user_id`,
  );
  return rows.length;
}
