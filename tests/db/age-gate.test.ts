import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, executeRows } from "#db/client";
import { passedAgeGate } from "#db/queries/channel/channel";
import { profiles } from "#db/schema/index";
import { freshDatabase } from "../helpers/test-db";

// Runs on PGlite by default and on Postgres when DATABASE_URL is set: CI runs both.
let database: Database;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ database, cleanup } = await freshDatabase());
});
afterAll(() => cleanup());

describe("passed_age_gate, the age gate's one rule (the checkout and every query call it)", () => {
  it("passes the age-verified, and everyone once the admin turns the gate off; the gate is on while unset", async () => {
    const [row] = await executeRows<Record<string, boolean>>(
      database.db,
      sql`select
        passed_age_gate(true, true) as verified_gate_on,
        passed_age_gate(false, true) as unverified_gate_on,
        passed_age_gate(null, true) as unknown_gate_on,
        passed_age_gate(false, false) as unverified_gate_off,
        passed_age_gate(false, null) as unverified_no_settings,
        passed_age_gate(true, null) as verified_no_settings`,
    );
    expect(row).toEqual({
      verified_gate_on: true,
      unverified_gate_on: false,
      unknown_gate_on: false,
      unverified_gate_off: true,
      unverified_no_settings: false,
      verified_no_settings: true,
    });
  });

  it("as the queries call it, is inlined by the planner: no function call per row", async () => {
    const plan = await executeRows<Record<string, string>>(
      database.db,
      sql`explain verbose select ${passedAgeGate(profiles.ageVerified)} from ${profiles}`,
    );
    const text = plan.map((line) => Object.values(line).join("")).join("\n");
    expect(text).not.toContain("passed_age_gate");
    expect(text).toContain("age_verified");
  });
});
