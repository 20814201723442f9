import type { Db } from "#db/client";
import { membershipTiers } from "#db/schema/index";

export type TestTierName = "free" | "basic" | "premium" | "retired";

/**
 * Four tiers, inserted out of level order: Free (level 1, $0), Basic (2, $25, 250 Stars), Premium
 * (3, $50, no Stars price) and Retired (4, $99, inactive). Returns their ids by name.
 */
export async function insertTestTiers(db: Db): Promise<Record<TestTierName, string>> {
  const rows = await db
    .insert(membershipTiers)
    .values([
      {
        name: "premium",
        displayName: "Premium",
        priceMonthly: "50.00",
        tierLevel: 3,
        features: ["Early access"],
      },
      { name: "free", displayName: "Free", priceMonthly: "0.00", tierLevel: 1 },
      { name: "retired", displayName: "Retired", priceMonthly: "99.00", tierLevel: 4, isActive: false },
      {
        name: "basic",
        displayName: "Basic",
        priceMonthly: "25.00",
        tierLevel: 2,
        description: "A $25 budget",
        priceStars: 250,
      },
    ])
    .returning();
  return Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<TestTierName, string>;
}
