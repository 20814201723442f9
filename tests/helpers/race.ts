/**
 * Whether a race test's sides really run side by side: on Postgres (DATABASE_URL) each takes a
 * connection of the pool; PGlite has one connection, so there they run one after another.
 */
export const racesRunSideBySide = Boolean(process.env.DATABASE_URL);

/**
 * A race test's title, saying so when its sides ran in sequence (PGlite): there it checks the
 * outcome of each order, not the race. The suite runs the api project on Postgres too
 * (DATABASE_URL), where the same test races for real.
 */
export const race = (title: string): string =>
  racesRunSideBySide ? title : `${title} [in sequence on PGlite's one connection: races on Postgres]`;
