import { getCurrentTest } from "vitest/suite";

/**
 * Whether a race test's sides really run side by side: on Postgres (DATABASE_URL) each takes a
 * connection of the pool; PGlite has one connection, so there they run one after another.
 */
export const racesRunSideBySide = Boolean(process.env.DATABASE_URL);

/**
 * Called first in a test of a race: on PGlite the test is annotated (the reporters show it) that its
 * sides ran in sequence, so it checks the outcome of one order, not the race. The suite runs the api
 * project on Postgres too (DATABASE_URL), where the same test races for real.
 */
export async function racing(): Promise<void> {
  if (!racesRunSideBySide)
    await getCurrentTest()?.context.annotate("in sequence on PGlite's one connection: races on Postgres");
}
