// The house-plan check `npm run lint` runs (issue 45, item 6): it fails, naming each, when
// docs/architecture.md leaves out a top-level folder of a part, a bot feature, an entry of
// db/queries or db/schema, an outbox kind or a job of api/jobs.ts (scripts/house-plan.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { OUTBOX_KINDS } from "#db/schema/index";
import { houseItems, missingFromPlan, PLAN } from "./house-plan";

const root = fileURLToPath(new URL("..", import.meta.url));
const { items, problems } = houseItems(root, OUTBOX_KINDS);
const missing = missingFromPlan(readFileSync(join(root, PLAN), "utf8"), items);
for (const problem of problems) console.error(problem);
if (missing.length > 0)
  console.error(`${PLAN} does not name:\n${missing.map((line) => `  - ${line}`).join("\n")}`);
if (problems.length + missing.length > 0) process.exit(1);
console.log(`${PLAN} names all ${items.length} folders, files, outbox kinds and jobs.`);
