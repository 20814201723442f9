import { randomBytes } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
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
 * The migrated template the run's global setup made (tests/helpers/template-db-setup.ts): a PGlite
 * data dump's file, or a Postgres database's name. Copying it is several times quicker than
 * creating and migrating a database per test file; without one (a test run outside the suite's
 * config) each database is made from nothing.
 */
const TEMPLATE_VARIABLE = "TEST_DB_TEMPLATE";

const admin = (serverUrl: string) => postgres(serverUrl, { max: 1, onnotice: () => {} });

let pgliteTemplate: Promise<Blob | undefined> | undefined;
const loadPgliteTemplate = (): Promise<Blob | undefined> => {
  const file = process.env[TEMPLATE_VARIABLE];
  pgliteTemplate ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return pgliteTemplate;
};

/**
 * A migrated, empty database of the kind the suite runs on: an in-memory PGlite by default, or a
 * new database with a random name on the DATABASE_URL server (dropped again by cleanup).
 */
export async function freshDatabase(
  options: Pick<DbOptions, "poolSize"> & {
    /** PGlite only: keep the database in this empty directory, so it can be opened again. */
    pgliteDir?: string;
  } = {},
): Promise<FreshDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await createDb({
      dataDir: options.pgliteDir ?? "memory://",
      loadDataDir: await loadPgliteTemplate(),
    });
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
  const template = process.env[TEMPLATE_VARIABLE];
  const creator = admin(serverUrl);
  try {
    if (template) await creator`create database ${creator(name)} template ${creator(template)}`;
    else await creator`create database ${creator(name)}`;
  } finally {
    await creator.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  const drop = async () => {
    const dropper = admin(serverUrl);
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

/**
 * Makes the run's migrated template and names it in the environment the test workers inherit;
 * returns its removal. Used by the suite's global setup.
 */
export async function makeTemplate(directory: string): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await createDb({ dataDir: "memory://" });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await database.close();
    const file = join(directory, "pglite-template.tar");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    process.env[TEMPLATE_VARIABLE] = file;
    return () => rm(file, { force: true });
  }
  const name = `template_${randomBytes(8).toString("hex")}`;
  const creator = admin(serverUrl);
  try {
    await creator`create database ${creator(name)}`;
  } finally {
    await creator.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDb({ databaseUrl: url.toString(), poolSize: 1 });
  await database.close();
  process.env[TEMPLATE_VARIABLE] = name;
  return async () => {
    const dropper = admin(serverUrl);
    try {
      await dropper`drop database if exists ${dropper(name)} with (force)`;
    } finally {
      await dropper.end();
    }
  };
}
