import { type AdminTier, type AdminTiers, tierSlug } from "#api/contracts/admin-tiers";
import { costsNothing } from "#api/contracts/plans";
import type { Db } from "#db/client";
import {
  deleteUnusedTier,
  findTierWithMembers,
  insertTierAtNextLevel,
  listAllTiers,
  membersOnTier,
  tierIdByName,
  updateTier,
} from "#db/queries/plans/admin-tiers";
import type { ServiceContext } from "../context";
import { isForeignKeyViolation, isUniqueViolation } from "../db-errors";
import { Refusal } from "../refusal";

type Row = NonNullable<Awaited<ReturnType<typeof findTierWithMembers>>>;

const adminTierOf = ({ tier, members }: Row): AdminTier => ({
  id: tier.id,
  name: tier.name,
  displayName: tier.displayName,
  priceMonthly: tier.priceMonthly,
  tierLevel: tier.tierLevel,
  description: tier.description,
  features: tier.features,
  priceStars: tier.priceStars,
  trialDays: tier.trialDays,
  isActive: tier.isActive,
  members: Number(members),
});

/** A free trial of a tier that costs nothing would give nothing: refused (issue 44). */
function checkTrial(tier: { priceMonthly: string; priceStars: number | null; trialDays: number | null }) {
  if (tier.trialDays !== null && costsNothing(tier)) throw new Refusal("trial_on_free_tier");
}

/** Tries this many times when another admin's new tier took the level first. */
const LEVEL_ATTEMPTS = 5;

/** Every tier with its member count, and the shop's PLAN_PAYMENTS (a paid tier without a Stars price is not sold in `stars`). */
export const listTiersForStaff = async ({
  db,
  config,
}: Pick<ServiceContext, "db" | "config">): Promise<AdminTiers> => ({
  tiers: (await listAllTiers(db)).map(adminTierOf),
  payments: config.PLAN_PAYMENTS,
});

async function reread(db: Db, id: string): Promise<AdminTier> {
  const row = await findTierWithMembers(db, id);
  if (!row) throw new Refusal("tier_not_found");
  return adminTierOf(row);
}

/** A taken slug is the admin's to fix; a taken level is another admin's tier landing first: try again. */
async function nameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  const id = await tierIdByName(db, name);
  return id !== undefined && id !== exceptId;
}

export async function createTier(
  { db }: Pick<ServiceContext, "db">,
  input: {
    displayName: string;
    priceMonthly: string;
    description: string | null;
    features: string[];
    isActive: boolean;
    priceStars: number | null;
    trialDays: number | null;
  },
): Promise<AdminTier> {
  checkTrial(input);
  const tier = { ...input, name: tierSlug(input.displayName) };
  for (let attempt = 1; ; attempt++) {
    try {
      return await reread(db, await insertTierAtNextLevel(db, tier));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await nameTaken(db, tier.name)) throw new Refusal("tier_name_taken");
      if (attempt >= LEVEL_ATTEMPTS) throw error;
    }
  }
}

export async function editTier(
  { db }: Pick<ServiceContext, "db">,
  id: string,
  input: {
    displayName: string;
    priceMonthly: string;
    priceStars: number | null;
    trialDays: number | null;
    isActive: boolean;
  },
): Promise<AdminTier> {
  checkTrial(input);
  const name = tierSlug(input.displayName);
  if (await nameTaken(db, name, id)) throw new Refusal("tier_name_taken");
  try {
    if (!(await updateTier(db, id, { ...input, name }))) throw new Refusal("tier_not_found");
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal("tier_name_taken");
    throw error;
  }
  return reread(db, id);
}

/** Deleted for good, unless members are on it: "Cannot delete tier. N user(s) are currently on this plan." */
export async function removeTier({ db }: Pick<ServiceContext, "db">, id: string): Promise<void> {
  const outcome = await deleteUnusedTier(db, id).catch((error: unknown) => {
    if (isForeignKeyViolation(error)) return "in_use" as const;
    throw error;
  });
  if (outcome === "missing") throw new Refusal("tier_not_found");
  if (outcome === "in_use") throw new Refusal("tier_in_use", { members: await membersOnTier(db, id) });
}
