// The translation check `npm run lint` runs (docs/decisions/102). It fails when:
// - a catalog of another language lacks a key of the English one, has one English does not, holds a
//   message that is not valid ICU, names other placeholders than English, or leaves out a plural
//   category its language needs (Russian's few and many, Arabic's zero, two, few and many);
// - a Mini App source shows a person a literal text instead of a catalog's: JSX text with letters, or
//   a string with letters given to a text attribute or property (title, label, placeholder,
//   aria-label…) or to toast(); a line may opt out with `// i18n-exempt: <why>` just above it;
// - a key of the English catalogs is used nowhere in the code.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import ts from "typescript";

const root = fileURLToPath(new URL("..", import.meta.url));
const localesDir = join(root, "locales");
const problems: string[] = [];

type Catalog = Record<string, string>;
const readCatalog = (language: string, file: string): Catalog =>
  JSON.parse(readFileSync(join(localesDir, language, file), "utf8"));

/** Placeholder names and, per plural placeholder, the categories it gives (compiled ICU). */
function shape(message: string): { names: Set<string>; plurals: Map<string, Set<string>> } {
  const names = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  // Compiled ICU: a list of tokens, each a string or [name, kind?, { category: tokens }].
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, kind, options] = token as [
        string,
        string | undefined,
        Record<string, unknown> | undefined,
      ];
      names.add(name);
      if (!options) continue;
      if (kind === "plural" || kind === "selectordinal") {
        plurals.set(
          name,
          new Set(Object.keys(options).filter((key) => !/^=\d+$/.test(key) && key !== "offset")),
        );
      }
      for (const branch of Object.values(options)) walk(branch);
    }
  };
  walk(compileMessage(message));
  return { names, plurals };
}

// Categories "other" words well enough: Spanish's "many" is for round millions ("un millón de").
const OPTIONAL_PLURALS: Record<string, string[]> = { es: ["many"] };

const languages = readdirSync(localesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const files = readdirSync(join(localesDir, "en")).filter((file) => file.endsWith(".json"));

for (const file of files) {
  const english = readCatalog("en", file);
  for (const language of languages) {
    const catalog = language === "en" ? english : readCatalog(language, file);
    const categories = new Set<string>(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
    for (const optional of OPTIONAL_PLURALS[language] ?? []) categories.delete(optional);
    for (const [key, message] of Object.entries(catalog)) {
      const where = `locales/${language}/${file}: ${key}`;
      if (!(key in english)) {
        problems.push(`${where}: not in the English catalog`);
        continue;
      }
      if (typeof message !== "string" || message.trim() === "") {
        problems.push(`${where}: empty`);
        continue;
      }
      let mine: ReturnType<typeof shape>;
      let theirs: ReturnType<typeof shape>;
      try {
        mine = shape(message);
        theirs = shape(english[key] ?? "");
      } catch (error) {
        problems.push(`${where}: not valid ICU (${(error as Error).message})`);
        continue;
      }
      const missing = [...theirs.names].filter((name) => !mine.names.has(name));
      const extra = [...mine.names].filter((name) => !theirs.names.has(name));
      if (missing.length || extra.length) {
        problems.push(`${where}: placeholders differ from English (missing ${missing}, extra ${extra})`);
      }
      for (const [name, given] of mine.plurals) {
        const lacking = [...categories].filter((category) => !given.has(category));
        // "other" is ICU's fallback; the language's own other categories must be written out.
        if (lacking.length) problems.push(`${where}: plural {${name}} lacks ${lacking.join(", ")}`);
      }
    }
    for (const key of Object.keys(english)) {
      if (!(key in catalog)) problems.push(`locales/${language}/${file}: ${key}: missing`);
    }
  }
}

// Literal texts in the Mini App.
const TEXT_ATTRIBUTES = new Set([
  "title",
  "label",
  "placeholder",
  "aria-label",
  "alt",
  "header",
  "description",
  "subtitle",
  "subhead",
  "hint",
  "caption",
  "text",
  "legend",
  "emptyText",
  "confirmLabel",
  "cancelLabel",
]);
// Names and units every language writes the same way.
const UNTRANSLATED = new Set(["Telegram", "THC %", "CBD %", "UTC", "Shopify"]);
const englishKeys = new Set(files.flatMap((file) => Object.keys(readCatalog("en", file))));
/** Words a person reads: letters, and neither a catalog key, a name kept as is, nor an address. */
const hasWords = (text: string) =>
  /\p{L}{2,}/u.test(text) &&
  !englishKeys.has(text) &&
  !UNTRANSLATED.has(text.trim()) &&
  !/^\w+:\/\//.test(text);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

const codeFiles = [
  ...sourceFiles(join(root, "miniapp/src")),
  ...sourceFiles(join(root, "api")),
  ...sourceFiles(join(root, "bot")),
];
let allCode = "";
for (const path of codeFiles) {
  const text = readFileSync(path, "utf8");
  allCode += text;
  if (
    !path.includes(`${join("miniapp", "src")}`) ||
    path.includes(join("miniapp", "src", "telegram", "mock-env"))
  ) {
    continue;
  }
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const exempt = (node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    const before = text
      .split("\n")
      .slice(Math.max(0, line - 2), line + 1)
      .join("\n");
    return /i18n-exempt:/.test(before);
  };
  const report = (node: ts.Node, what: string) => {
    if (exempt(node)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    problems.push(`${relative(root, path)}:${line + 1}: ${what} bypasses the catalogs`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, `text "${node.text.trim().slice(0, 40)}"`);
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (
        value &&
        (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) &&
        hasWords(value.text)
      ) {
        report(node, `${node.name.getText(source)}="${value.text.slice(0, 40)}"`);
      }
    }
    // Texts handed over as data: `{ label: "Orders", hint: "…" }`.
    if (
      ts.isPropertyAssignment(node) &&
      TEXT_ATTRIBUTES.has(node.name.getText(source).replace(/^["']|["']$/g, "")) &&
      (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer)) &&
      hasWords(node.initializer.text)
    ) {
      report(node, `${node.name.getText(source)}: "${node.initializer.text.slice(0, 40)}"`);
    }
    if (
      ts.isCallExpression(node) &&
      /^toast(\.\w+)?$/.test(node.expression.getText(source)) &&
      node.arguments[0] &&
      (ts.isStringLiteral(node.arguments[0]) || ts.isNoSubstitutionTemplateLiteral(node.arguments[0])) &&
      hasWords(node.arguments[0].text)
    ) {
      report(node, `toast "${node.arguments[0].text.slice(0, 40)}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

// Unused keys: a named key must appear in the code as a string.
for (const file of files.filter((name) => name !== "messages.json")) {
  for (const key of Object.keys(readCatalog("en", file))) {
    if (!allCode.includes(`"${key}"`) && !allCode.includes(`'${key}'`)) {
      problems.push(`locales/en/${file}: ${key}: used nowhere`);
    }
  }
}

if (problems.length) {
  console.error(`Translations: ${problems.length} problem(s)\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(`Translations: ${languages.length} languages, ${files.length} catalogs each, complete.`);
