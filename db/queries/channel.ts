import type { Db } from "../client";
import { publicChannelInfo } from "../schema/index";

export type PublicChannelInfoRow = typeof publicChannelInfo.$inferSelect;

/** The view always has exactly one row, with the spec's defaults filled in. */
export async function getPublicChannelInfo(db: Db): Promise<PublicChannelInfoRow> {
  const rows = await db.select().from(publicChannelInfo).limit(1);
  const row = rows[0];
  if (!row) throw new Error("public_channel_info returned no row");
  return row;
}
