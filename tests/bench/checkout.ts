// Credit checkouts under load, through the checkout service as the route runs it (the HTTP layer
// around it is measured by the products figure): 1,000 members at once for one product with stock
// 100, and 200 checkouts at once by one member whose budget covers 10. Counts what each produced.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { createServiceContext } from "#api/compose";
import { loadConfig } from "#api/config";
import { createLogger } from "#api/logger";
import { checkoutWithCredits } from "#api/services/checkout";
import { createDb, type Db } from "#db/client";
import { membershipTiers, orders, products, profiles, userSpending, users } from "#db/schema/index";

const MEMBERS = 1000;
const STOCK = 100;
const ONE_MEMBER_TRIES = 200;
const POOL = 20;

async function members(db: Db, count: number, tierId: string): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await db.insert(users).values(ids.map((id) => ({ id })));
  await db
    .insert(profiles)
    .values(
      ids.map((id) => ({ id, ageVerified: true, membershipTierId: tierId, membershipStartedAt: new Date() })),
    );
  return ids;
}

const delivery = { name: "Bench Buyer", address: "1 Main St", state: "TX" as const };

export async function checkoutUnderLoad(database: "pglite" | "postgres", url: string) {
  const db = await createDb(url ? { databaseUrl: url, poolSize: POOL } : { dataDir: "memory://" });
  try {
    const ctx = createServiceContext(loadConfig({ SEED_DEMO_DATA: "false" }), createLogger("silent"), db.db);
    const [tier] = await db.db
      .insert(membershipTiers)
      .values({ name: "bench", displayName: "Bench", priceMonthly: "100.00", tierLevel: 1 })
      .returning();
    const [product] = await db.db
      .insert(products)
      .values({ title: "Bench Kush", creditPrice: "10.00", stockQuantity: STOCK })
      .returning();
    if (!tier || !product) throw new Error("setup failed");
    const buyers = await members(db.db, MEMBERS, tier.id);
    const cart = { lines: [{ productId: product.id, quantity: 1 }], delivery };
    // A running server's pool is connected already: open every connection before the clock starts,
    // so the figure is checkouts and not connection set-up.
    await Promise.all(Array.from({ length: POOL }, () => db.db.execute(sql`select pg_sleep(0.01)`)));

    const started = performance.now();
    const answers = await Promise.all(
      buyers.map((id) => checkoutWithCredits(ctx, id, randomUUID(), cart).catch(() => ({ status: 500 }))),
    );
    const seconds = (performance.now() - started) / 1000;
    const count = (status: number) => answers.filter((a) => a.status === status).length;
    const [stock] = await db.db
      .select({ n: products.stockQuantity })
      .from(products)
      .where(eq(products.id, product.id));
    const [made] = await db.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const [spent] = await db.db
      .select({ total: sql<string>`coalesce(sum(${userSpending.amount}), 0)::text` })
      .from(userSpending);

    // One member, budget $100 with $10 items: ten fit.
    const [solo] = await members(db.db, 1, tier.id);
    await db.db.update(products).set({ stockQuantity: 1000 }).where(eq(products.id, product.id));
    const soloAnswers = await Promise.all(
      Array.from({ length: ONE_MEMBER_TRIES }, () =>
        checkoutWithCredits(ctx, solo ?? "", randomUUID(), cart).catch(() => ({ status: 500 })),
      ),
    );
    return {
      database,
      members: MEMBERS,
      stock: STOCK,
      placed: count(201),
      outOfStock: count(409),
      errors5xx: count(500),
      ordersInDb: made?.n,
      stockLeft: stock?.n,
      spendingTotal: spent?.total,
      expectedSpending: (STOCK * 10).toFixed(2),
      seconds: Math.round(seconds * 100) / 100,
      checkoutsPerSecond: Math.round(MEMBERS / seconds),
      goalPerSecondOnPostgres: 1000,
      oneMember: {
        tries: ONE_MEMBER_TRIES,
        placed: soloAnswers.filter((a) => a.status === 201).length,
        overBudget: soloAnswers.filter((a) => a.status === 422).length,
        errors5xx: soloAnswers.filter((a) => a.status === 500).length,
        expected: 10,
      },
    };
  } finally {
    await db.close();
  }
}
