import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { houseItems, JOBS_FILE, jobNames, missingFromPlan } from "../../scripts/house-plan";

/** A house with one folder per part, one file per listed folder, and `files` besides. */
function house(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), "house-plan-"));
  const all: Record<string, string> = {
    "api/domain/outbox/sender.ts": "",
    "bot/features/start.ts": "",
    "db/queries/orders.ts": "",
    "db/schema/orders.ts": "",
    "miniapp/src/shop/cart.ts": "",
    "tests/unit/a.test.ts": "",
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  roots.push(root);
  return root;
}
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const jobs = `export const jobs = [{ name: "housekeeping", every: 1, run }, { name: "cart-reminders", every: 1, run }];`;
const plan = [
  "api/ with domain/ (outbox/), http/; bot/ with features/: `start`; db/ with queries/ (orders.ts)",
  "and schema/; miniapp/src/ with shop/; tests/ with unit/.",
  "Kinds: `broadcast`, `cart_reminder`. Jobs: `housekeeping`, `cart-reminders`.",
].join("\n");

describe("the house-plan check (scripts/check-architecture.ts)", () => {
  it("passes a plan that names every folder, feature, kind and job", () => {
    const { items, problems } = houseItems(house({ [JOBS_FILE]: jobs }), ["broadcast", "cart_reminder"]);
    expect(problems).toEqual([]);
    expect(missingFromPlan(plan, items)).toEqual([]);
  });

  it.each([
    ["a part's folder", "(outbox/)", "()", "folder api/domain/outbox/ (write outbox/)"],
    ["a bot feature", "`start`", "start", "file bot/features/start.ts (write start.ts or `start`)"],
    [
      "an outbox kind",
      "`cart_reminder`",
      "cart_reminder",
      "outbox kind cart_reminder (write `cart_reminder`)",
    ],
    ["a job", "`cart-reminders`", "cart reminders", "job cart-reminders (write `cart-reminders`)"],
  ])("fails naming %s the plan leaves out", (_what, named, unnamed, missing) => {
    const { items } = houseItems(house({ [JOBS_FILE]: jobs }), ["broadcast", "cart_reminder"]);
    expect(missingFromPlan(plan.replace(named, unnamed), items)).toEqual([missing]);
  });

  it("reads a folder as a part only while it holds a file", () => {
    const root = house({ [JOBS_FILE]: jobs });
    mkdirSync(join(root, "api/domain/services/emptied"), { recursive: true });
    const { items } = houseItems(root, []);
    expect(items.map((item) => item.what)).not.toContain("folder api/domain/services/");
    expect(items.map((item) => item.what)).toContain("folder api/domain/outbox/");
  });

  it("fails when the jobs list is missing or names no job", () => {
    expect(houseItems(house({}), []).problems).toEqual([
      `${JOBS_FILE} is missing: it lists every background job the runner starts`,
    ]);
    expect(houseItems(house({ [JOBS_FILE]: "export const jobs = [];" }), []).problems).toEqual([
      `${JOBS_FILE} names no job (no \`name: "…"\`)`,
    ]);
  });

  it("reads the job names the jobs list declares", () => {
    expect(jobNames(jobs)).toEqual(["housekeeping", "cart-reminders"]);
  });
});
