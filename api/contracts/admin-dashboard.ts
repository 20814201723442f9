import { z } from "zod";
import { dashboardPeriods } from "./dashboard-periods";
import { moneySchema } from "./money";

export const dashboardMessages = {
  // Ours: the original product has no dashboard.
  badDays: "Days must be 7, 30 or 90",
} as const;

export const dashboardQuerySchema = z.object({
  days: z
    .enum(dashboardPeriods, { error: dashboardMessages.badDays })
    .default("30")
    .transform((days) => Number(days)),
});

const count = z.number().int().nonnegative();
/** A calendar day in the channel's time zone, YYYY-MM-DD. */
const daySchema = z.iso.date();

const periodSchema = z.object({ from: daySchema, to: daySchema });

/** What the period sums to; the same figures for the period before it. */
const totalsSchema = z.object({
  /** Credits of the orders placed in the period that were not cancelled. */
  credits: moneySchema,
  /** Orders placed in the period that were not cancelled. */
  orders: count,
  /** Accounts made in the period. */
  newMembers: count,
  /** Moves from one plan to another (membership_history). */
  planChanges: count,
  /** Feed posts published in the period. */
  posts: count,
});
export type DashboardTotals = z.infer<typeof totalsSchema>;

const productFigureSchema = z.object({
  /** Null once the product was deleted: the title is then the one it was sold under. */
  productId: z.uuid().nullable(),
  title: z.string(),
  units: count,
  credits: moneySchema,
});
export type ProductFigure = z.infer<typeof productFigureSchema>;

const planFigureSchema = z.object({
  /** Null: members on no plan. */
  tierId: z.uuid().nullable(),
  name: z.string(),
  members: count,
  /** Moves onto this plan in the period, and off it. */
  joined: count,
  left: count,
});

const reactionsSchema = z.object({
  /** Reactions in the app. */
  hearts: count,
  flames: count,
  /** The channel's own reaction counts in Telegram. */
  telegramHearts: count,
  telegramFlames: count,
});

const postFigureSchema = reactionsSchema.extend({
  id: z.uuid(),
  /** The post's text, shortened; empty for a post of media alone. */
  excerpt: z.string(),
  createdAt: z.string(),
});

export const dashboardSchema = z.object({
  days: z.number().int(),
  /** The channel's time zone (an IANA name) the days are counted in. */
  timeZone: z.string(),
  period: periodSchema,
  previousPeriod: periodSchema,
  /** Every day of the period, oldest first, days without orders included. */
  daily: z.array(z.object({ date: daySchema, credits: moneySchema, orders: count })),
  totals: totalsSchema,
  previousTotals: totalsSchema,
  /** The period's ten best sellers by credits, and by units. */
  topProducts: z.object({ byCredits: z.array(productFigureSchema), byUnits: z.array(productFigureSchema) }),
  /** Members on each plan now (by level, then those on none), and the moves in the period. */
  plans: z.object({
    tiers: z.array(planFigureSchema),
    changes: z.object({ total: count, upgrades: count, downgrades: count }),
  }),
  /** Accounts made on each day of the period. */
  newMembers: z.array(z.object({ date: daySchema, members: count })),
  /** The period's feed posts: their reactions summed, and the five with the most. */
  posts: reactionsSchema.extend({ count, top: z.array(postFigureSchema) }),
  /** Active products at or under the low-stock threshold, fewest first (at most 50 listed). */
  lowStock: z.object({
    threshold: count,
    count,
    products: z.array(z.object({ id: z.uuid(), title: z.string(), stockQuantity: count })),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
