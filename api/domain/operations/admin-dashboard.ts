import type { Dashboard, DashboardTotals, ProductFigure } from "#api/contracts/admin-dashboard";
import { fromCents, toCents } from "#api/contracts/money";
import {
  accountsByDay,
  dashboardBounds,
  lowStockProducts,
  membersByTier,
  ordersByDay,
  planChanges,
  postReactions,
  rollMissingSalesDays,
  type SoldProduct,
  topPosts,
  topProducts,
} from "#db/queries/operations/dashboard";
import type { ServiceContext } from "../context";

const TOP_PRODUCTS = 10;
const TOP_POSTS = 5;
const EXCERPT_LENGTH = 140;
const LOW_STOCK_LISTED = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `count` calendar days from `first` (YYYY-MM-DD), as YYYY-MM-DD. */
function daysFrom(first: string, count: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}

const productFigure = (row: SoldProduct): ProductFigure => ({
  productId: row.product_id,
  title: row.title,
  units: row.units,
  credits: fromCents(toCents(row.credits)),
});

/**
 * The owner's dashboard for the last `days` days (today included) in the channel's time zone, and
 * the same figures for the period before. Complete days not rolled up yet are rolled up first (once
 * a day, or after a time zone change); then the sections are read at once (on Postgres each on a
 * connection of its own).
 */
export async function readDashboard(ctx: ServiceContext, days: number): Promise<Dashboard> {
  const db = ctx.db;
  const bounds = await dashboardBounds(db, ctx.now(), days);
  await rollMissingSalesDays(db, bounds);
  const [orderDays, accountDays, sold, tiers, moves, reactions, top, low] = await Promise.all([
    ordersByDay(db, bounds),
    accountsByDay(db, bounds),
    topProducts(db, bounds, TOP_PRODUCTS),
    membersByTier(db, bounds),
    planChanges(db, bounds),
    postReactions(db, bounds),
    topPosts(db, bounds, TOP_POSTS, EXCERPT_LENGTH),
    lowStockProducts(db, ctx.config.LOW_STOCK_THRESHOLD, LOW_STOCK_LISTED),
  ]);

  const previousDays = daysFrom(bounds.previousFirstDay, days);
  const currentDays = daysFrom(bounds.firstDay, days);
  const ordersOn = new Map(orderDays.map((row) => [row.day, row]));
  const accountsOn = new Map(accountDays.map((row) => [row.day, row.count]));
  const sum = (dayList: string[], figure: (day: string) => number) =>
    dayList.reduce((total, day) => total + figure(day), 0);
  const creditCents = (day: string) => toCents(ordersOn.get(day)?.credits ?? "0");
  const ordersOf = (day: string) => ordersOn.get(day)?.orders ?? 0;
  const accountsOf = (day: string) => accountsOn.get(day) ?? 0;
  const totals = (dayList: string[], current: boolean): DashboardTotals => ({
    credits: fromCents(sum(dayList, creditCents)),
    orders: sum(dayList, ordersOf),
    newMembers: sum(dayList, accountsOf),
    planChanges: moves.find((row) => row.current === current)?.total ?? 0,
    posts: reactions.find((row) => row.current === current)?.posts ?? 0,
  });
  const changes = moves.find((row) => row.current);
  const posts = reactions.find((row) => row.current);
  const ranked = (rank: (row: SoldProduct) => number) =>
    sold
      .filter((row) => rank(row) <= TOP_PRODUCTS)
      .sort((a, b) => rank(a) - rank(b))
      .map(productFigure);

  return {
    days,
    timeZone: bounds.timeZone,
    period: { from: bounds.firstDay, to: bounds.lastDay },
    previousPeriod: { from: bounds.previousFirstDay, to: previousDays.at(-1) ?? bounds.previousFirstDay },
    daily: currentDays.map((date) => ({
      date,
      credits: fromCents(creditCents(date)),
      orders: ordersOf(date),
    })),
    totals: totals(currentDays, true),
    previousTotals: totals(previousDays, false),
    topProducts: { byCredits: ranked((row) => row.by_credits), byUnits: ranked((row) => row.by_units) },
    plans: {
      tiers: tiers.map((row) => ({
        tierId: row.tier_id,
        name: row.name ?? "No plan",
        members: row.members,
        joined: row.joined,
        left: row.left,
      })),
      changes: {
        total: changes?.total ?? 0,
        upgrades: changes?.upgrades ?? 0,
        downgrades: changes?.downgrades ?? 0,
      },
    },
    newMembers: currentDays.map((date) => ({ date, members: accountsOf(date) })),
    posts: {
      count: posts?.posts ?? 0,
      hearts: posts?.hearts ?? 0,
      flames: posts?.flames ?? 0,
      telegramHearts: posts?.telegram_hearts ?? 0,
      telegramFlames: posts?.telegram_flames ?? 0,
      top: top.map((row) => ({
        id: row.id,
        excerpt: row.excerpt,
        createdAt: row.created_at,
        hearts: row.hearts,
        flames: row.flames,
        telegramHearts: row.telegram_hearts,
        telegramFlames: row.telegram_flames,
      })),
    },
    lowStock: {
      threshold: ctx.config.LOW_STOCK_THRESHOLD,
      count: low[0]?.total ?? 0,
      products: low.map((row) => ({ id: row.id, title: row.title, stockQuantity: row.stock_quantity })),
    },
  };
}
