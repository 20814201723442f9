import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { products, profiles, stockAlerts, users } from "../schema/index";

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

/** An alert claimed for a send, with what the message needs. */
export interface ClaimedStockAlert {
  userId: string;
  productId: string;
  title: string;
  /** Sends that failed before this one. */
  attempts: number;
  telegramId: bigint | null;
  /** The member's address once proven (a mailed link); null while unproven. */
  verifiedEmail: string | null;
  /** The member's stored language tag (profiles.language), the message's language. */
  language: string | null;
}

export interface StockAlertClaim {
  /** Alerts whose next attempt is not after `now` are due. */
  now: Date;
  /** Claimed alerts are not due again before this: longer than a send can take. */
  leaseUntil: Date;
  /** Members who can be told: through the bot (a Telegram account), by mail (a proven address). */
  byTelegram: boolean;
  byMail: boolean;
  /** Only these products' alerts (a restock); all of them without it (a retry). */
  productIds?: string[];
  limit: number;
}

/** The member's address once proven through a mailed link, else null. */
const verifiedEmail = sql<
  string | null
>`case when ${profiles.emailVerifiedAt} is not null then ${profiles.email} end`;

/**
 * Claims up to `limit` due alerts of active products in stock, of members who can be told, in one
 * statement: the rows are locked as they are picked (rows another process has locked are skipped)
 * and their next attempt moves to `leaseUntil`, so no other claim takes them while they are sent.
 */
export async function claimDueStockAlerts(db: Db, claim: StockAlertClaim): Promise<ClaimedStockAlert[]> {
  if (!(claim.byTelegram || claim.byMail) || claim.productIds?.length === 0) return [];
  const due = db.$with("due").as(
    db
      .select({
        userId: stockAlerts.userId,
        productId: stockAlerts.productId,
        title: products.title,
        telegramId: users.telegramId,
        verifiedEmail: verifiedEmail.as("verified_email"),
        language: profiles.language,
      })
      .from(stockAlerts)
      .innerJoin(products, eq(products.id, stockAlerts.productId))
      .innerJoin(users, eq(users.id, stockAlerts.userId))
      .leftJoin(profiles, eq(profiles.id, stockAlerts.userId))
      .where(
        and(
          claim.productIds ? inArray(stockAlerts.productId, claim.productIds) : undefined,
          eq(products.isActive, true),
          gt(products.stockQuantity, 0),
          or(isNull(stockAlerts.nextAttemptAt), lte(stockAlerts.nextAttemptAt, claim.now)),
          or(
            claim.byTelegram ? isNotNull(users.telegramId) : undefined,
            claim.byMail ? and(isNotNull(profiles.email), isNotNull(profiles.emailVerifiedAt)) : undefined,
          ),
        ),
      )
      .orderBy(stockAlerts.createdAt)
      .limit(claim.limit)
      .for("update", { of: stockAlerts, skipLocked: true }),
  );
  return db
    .with(due)
    .update(stockAlerts)
    .set({ nextAttemptAt: claim.leaseUntil })
    .from(due)
    .where(and(eq(stockAlerts.userId, due.userId), eq(stockAlerts.productId, due.productId)))
    .returning({
      userId: stockAlerts.userId,
      productId: stockAlerts.productId,
      title: due.title,
      attempts: stockAlerts.attempts,
      telegramId: due.telegramId,
      verifiedEmail: due.verifiedEmail,
      language: due.language,
    });
}

/** A send failed: one more attempt counted, and none before `nextAttemptAt`. */
export async function postponeStockAlert(
  db: Db,
  alert: { userId: string; productId: string },
  attempts: number,
  nextAttemptAt: Date,
): Promise<void> {
  await db
    .update(stockAlerts)
    .set({ attempts, nextAttemptAt })
    .where(and(eq(stockAlerts.userId, alert.userId), eq(stockAlerts.productId, alert.productId)));
}
