import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The house plan: the document that must name every part's folders, kinds and jobs. */
export const PLAN = "docs/architecture.md";
/** The one list of background jobs (`{ name: "…", every, run }`), read for its names. */
export const JOBS_FILE = "api/jobs.ts";
/** Parts whose every top-level folder the plan names. */
const PARTS = ["api", "api/domain", "bot", "db", "miniapp/src", "tests"];
/** Folders whose every top-level entry (a folder, or a .ts file) the plan names. */
const LISTED = ["bot/features", "db/queries", "db/schema"];

/**
 * One thing the plan must name, and how it is written there: a folder as `name/`; a file as
 * `name.ts` or `name` in backticks; a code name (an outbox kind, a job) in backticks.
 */
export interface PlanItem {
  /** What it is, in the failure's words: "folder api/domain/outbox/", "outbox kind", … */
  what: string;
  name: string;
  spelling: "folder" | "file" | "code";
}

const pattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function isNamed(doc: string, { name, spelling }: PlanItem): boolean {
  if (spelling === "folder") return new RegExp(`(?<![\\w.-])${pattern(name)}/`).test(doc);
  const ticked = doc.includes(`\`${name}\``);
  if (spelling === "code") return ticked;
  return ticked || new RegExp(`(?<![\\w.-])${pattern(name)}\\.ts(?![\\w-])`).test(doc);
}

const spelled = ({ name, spelling }: PlanItem) =>
  spelling === "folder" ? `${name}/` : spelling === "file" ? `${name}.ts or \`${name}\`` : `\`${name}\``;

/** One line per item the plan does not name: what it is and how to write it. */
export function missingFromPlan(doc: string, items: PlanItem[]): string[] {
  return items.filter((item) => !isNamed(doc, item)).map((item) => `${item.what} (write ${spelled(item)})`);
}

/** The job names a jobs list declares (`name: "…"`). */
export const jobNames = (source: string) =>
  [...source.matchAll(/\bname:\s*"([^"]+)"/g)].map((match) => match[1] ?? "");

/** A folder with at least one file somewhere below it (an emptied folder left by a move is no part). */
function holdsFiles(folder: string): boolean {
  return readdirSync(folder, { withFileTypes: true }).some(
    (entry) => entry.isFile() || (entry.isDirectory() && holdsFiles(join(folder, entry.name))),
  );
}

function entries(root: string, folder: string) {
  return readdirSync(join(root, folder), { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith(".") && entry.name !== "node_modules")
    .filter((entry) => !entry.isDirectory() || holdsFiles(join(root, folder, entry.name)))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * What the plan must name in the house at `root`, given the outbox's kinds; `problems` says what
 * could not be read (a missing jobs list fails the check too).
 */
export function houseItems(root: string, outboxKinds: readonly string[]) {
  const items: PlanItem[] = [];
  const problems: string[] = [];
  for (const part of PARTS) {
    for (const entry of entries(root, part)) {
      if (entry.isDirectory())
        items.push({ what: `folder ${part}/${entry.name}/`, name: entry.name, spelling: "folder" });
    }
  }
  for (const folder of LISTED) {
    for (const entry of entries(root, folder)) {
      const what = `${entry.isDirectory() ? "folder" : "file"} ${folder}/${entry.name}`;
      if (entry.isDirectory()) items.push({ what: `${what}/`, name: entry.name, spelling: "folder" });
      else if (entry.name.endsWith(".ts"))
        items.push({ what, name: entry.name.slice(0, -3), spelling: "file" });
    }
  }
  for (const kind of outboxKinds) items.push({ what: `outbox kind ${kind}`, name: kind, spelling: "code" });
  const jobsFile = join(root, JOBS_FILE);
  if (!existsSync(jobsFile))
    problems.push(`${JOBS_FILE} is missing: it lists every background job the runner starts`);
  else {
    const jobs = jobNames(readFileSync(jobsFile, "utf8"));
    if (jobs.length === 0) problems.push(`${JOBS_FILE} names no job (no \`name: "…"\`)`);
    for (const job of jobs) items.push({ what: `job ${job}`, name: job, spelling: "code" });
  }
  return { items, problems };
}
