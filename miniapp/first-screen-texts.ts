import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";

/**
 * The modules of the Mini App's first screen: the entry, the home page, the landing (its own chunk,
 * which a launch that signs someone in skips), and inside Telegram the SDK's start and a new
 * member's age gate (tests/bench/first-load-js.ts weighs the same ones).
 */
export const FIRST_SCREEN_MODULES = [
  "src/main.tsx",
  "src/home/home-page.tsx",
  "src/home/landing.tsx",
  "src/home/age-gate.tsx",
  "src/telegram/init.ts",
];

/**
 * The feed, which a returning member lands on: its words come with its own chunk (its translate
 * control's too, which loads only where a model is configured).
 */
export const FEED_MODULES = ["src/feed/feed.tsx", "src/feed/translate-message.tsx"];

/**
 * Every string literal of `modules` (paths under miniapp/) and what they import statically (ours,
 * the contracts included; not `import()`, which loads later). The catalog keys among them make a
 * catalog chunk that comes with those modules, so a screen's words arrive with its code.
 */
export function moduleLiterals(miniappDir: string, modules: string[]): Set<string> {
  const projectDir = resolve(miniappDir, "..");
  const literals = new Set<string>();
  const seen = new Set<string>();
  const resolveImport = (from: string, specifier: string): string | null => {
    let base: string;
    if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
    else if (specifier.startsWith("#api/")) base = join(projectDir, "api", specifier.slice("#api/".length));
    else return null;
    return (
      [base, `${base}.ts`, `${base}.tsx`].find((path) => /\.tsx?$/.test(path) && existsSync(path)) ?? null
    );
  };
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      const typeOnly =
        (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly) ||
        (ts.isExportDeclaration(statement) && statement.isTypeOnly);
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : null;
      const target = specifier && !typeOnly ? resolveImport(file, specifier) : null;
      if (target) visit(target);
    }
    const collect = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.add(node.text);
      ts.forEachChild(node, collect);
    };
    collect(source);
  };
  for (const module of modules) visit(join(miniappDir, module));
  return literals;
}

/** Every string literal the Mini App's code can hold: all of src/ and the contracts it imports. */
export function appLiterals(miniappDir: string): Set<string> {
  const sources = (dir: string): string[] =>
    readdirSync(join(miniappDir, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
    });
  return moduleLiterals(miniappDir, sources("src"));
}
