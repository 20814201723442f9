import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { createDb, type Database, type DbOptions } from "#db/client";

export interface FreshDatabase {
  database: Database;
  /** On Postgres, the new database's URL: a second pool on it stands in for a second process. */
  url?: string;
  /** Closes the connections and, on Postgres, drops the database. Safe to call twice. */
  cleanup: () => Promise<void>;
}

/**
 * A migrated, empty database of the kind the suite runs on: an in-memory PGlite by default, or a
 * new database with a random name on the DATABASE_URL server (dropped again by cleanup).
 */
export async function freshDatabase(options: Pick<DbOptions, "poolSize"> = {}): Promise<FreshDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await createDb({ dataDir: "memory://" });
    let closed = false;
    return {
      database,
      cleanup: async () => {
        if (closed) return;
        closed = true;
        await database.close();
      },
    };
  }

  const name = `test_${randomBytes(8).toString("hex")}`;
  const admin = () => postgres(serverUrl, { max: 1, onnotice: () => {} });
  const creator = admin();
  try {
    await creator`create database ${creator(name)}`;
  } finally {
    await creator.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  const drop = async () => {
    const dropper = admin();
    try {
      await dropper`drop database if exists ${dropper(name)} with (force)`;
    } finally {
      await dropper.end();
    }
  };

  let database: Database;
  try {
    database = await createDb({ databaseUrl: url.toString(), poolSize: options.poolSize ?? 5 });
  } catch (error) {
    await drop();
    throw error;
  }
  let cleaned = false;
  return {
    database,
    url: url.toString(),
    cleanup: async () => {
      if (cleaned) return;
      cleaned = true;
      try {
        await database.close();
      } finally {
        await drop();
      }
    },
  };
}
