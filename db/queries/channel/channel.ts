import { type AnyColumn, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { executeRows } from "../../rows";
import { channelSettings, publicChannelInfo } from "../../schema";

export type PublicChannelInfoRow = typeof publicChannelInfo.$inferSelect;

/** The view always has exactly one row, with defaults filled in for unset settings. */
export async function getPublicChannelInfo(db: Db): Promise<PublicChannelInfoRow> {
  const rows = await db.select().from(publicChannelInfo).limit(1);
  const row = rows[0];
  if (!row) throw new Error("public_channel_info returned no row");
  return row;
}

/**
 * The notification switches, on by default (also before any settings were saved). `orderNotices`
 * is the spec's `email_notifications`, which the admin screen calls Order Notices: it switches
 * every order notice, by mail and by Telegram alike.
 */
export async function getNotificationSwitches(
  db: Db,
): Promise<{ orderNotices: boolean; lowStockAlerts: boolean }> {
  const [row] = await db
    .select({
      orderNotices: channelSettings.emailNotifications,
      lowStockAlerts: channelSettings.lowStockAlerts,
    })
    .from(channelSettings)
    .limit(1);
  return row ?? { orderNotices: true, lowStockAlerts: true };
}

export type ChannelSettingsRow = typeof channelSettings.$inferSelect;
export type ChannelSettingsValues = Omit<
  typeof channelSettings.$inferInsert,
  "id" | "singleton" | "updatedAt"
>;

/** The one settings row, or undefined before anybody saved settings. */
export async function findChannelSettings(db: Db): Promise<ChannelSettingsRow | undefined> {
  const [row] = await db.select().from(channelSettings).limit(1);
  return row;
}

/** Whether the database's own time zone list has this name (Intl's and the database's may differ by a release). */
export async function knowsTimeZone(db: Db, name: string): Promise<boolean> {
  const [row] = await executeRows<{ known: boolean }>(
    db,
    sql`select exists (select 1 from pg_timezone_names where name = ${name}) as known`,
  );
  return row?.known === true;
}

/** Writes every field of the one row in one statement: saves at once leave one of them whole. */
export async function upsertChannelSettings(
  db: Db,
  values: ChannelSettingsValues,
): Promise<ChannelSettingsRow> {
  const [row] = await db
    .insert(channelSettings)
    .values(values)
    .onConflictDoUpdate({ target: channelSettings.singleton, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error("channel_settings upsert returned no row");
  return row;
}

/**
 * Whether a person passed the age gate: the database's passed_age_gate (db/functions/passed_age_gate.sql),
 * which the credit checkout calls too, so the rule lives in one place.
 */
export const passedAgeGate = (ageVerified: AnyColumn) =>
  sql<boolean>`passed_age_gate(${ageVerified}, (select ${channelSettings.ageVerificationEnabled} from ${channelSettings} limit 1))`;
