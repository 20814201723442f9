import { randomBytes } from "node:crypto";
import postgres from "postgres";

/** The Postgres server process tests use: the suite's (DATABASE_URL), else the local one CI runs. */
export const POSTGRES_SERVER_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

async function onServer(serverUrl: string, run: (sql: postgres.Sql) => Promise<unknown>): Promise<void> {
  const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await run(sql);
  } finally {
    await sql.end();
  }
}

/** A new, empty (unmigrated) database on the server, for processes to share; `drop` removes it. */
export async function emptyServerDatabase(
  prefix: string,
  serverUrl = POSTGRES_SERVER_URL,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, (sql) => sql`create database ${sql(name)}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, (sql) => sql`drop database if exists ${sql(name)} with (force)`),
  };
}
