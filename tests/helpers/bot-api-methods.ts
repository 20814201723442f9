import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** One Bot API method as the pinned grammY types declare it: its parameters, and which are required. */
export interface BotApiMethod {
  params: Set<string>;
  required: Set<string>;
}

/**
 * Replaces comments and string literals by spaces (the offsets stay), so the braces, parentheses
 * and semicolons left are the declarations' own: a `{` in a doc comment or a `";"` literal type
 * counts for nothing.
 */
function blankCommentsAndStrings(source: string): string {
  let out = "";
  let i = 0;
  while (i < source.length) {
    const end = skippedFrom(source, i);
    if (end === i) {
      out += source[i];
      i++;
    } else {
      out += source.slice(i, end).replace(/[^\n]/g, " ");
      i = end;
    }
  }
  return out;
}

/** Where the comment or string literal starting at `i` ends (past it); `i` when none starts there. */
function skippedFrom(source: string, i: number): number {
  const till = (found: number, length: number) => (found === -1 ? source.length : found + length);
  if (source.startsWith("/*", i)) return till(source.indexOf("*/", i + 2), 2);
  if (source.startsWith("//", i)) return till(source.indexOf("\n", i), 0);
  const quote = source[i];
  if (quote !== '"' && quote !== "'" && quote !== "`") return i;
  for (let j = i + 1; j < source.length; j++) {
    if (source[j] === "\\") j++;
    else if (source[j] === quote) return j + 1;
  }
  return source.length;
}

const OPENERS: Record<string, string> = { "{": "}", "(": ")", "[": "]" };

/** The index of the bracket closing the one at `open`, nesting counted. */
function closing(text: string, open: number): number {
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i] as string;
    if (OPENERS[c]) stack.push(OPENERS[c]);
    else if (c === "}" || c === ")" || c === "]") {
      if (stack.pop() !== c) throw new Error(`unbalanced "${c}" at ${i}`);
      if (stack.length === 0) return i;
    }
  }
  throw new Error(`no bracket closes the one at ${open}`);
}

/** The members of a type literal's body, split at its own semicolons (not those of nested types). */
function members(body: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (OPENERS[c]) i = closing(body, i);
    else if (c === ";") {
      out.push(body.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = body.slice(start).trim();
  if (last) out.push(last);
  return out.filter((m) => m !== "");
}

/**
 * Every method of grammY's `ApiMethods` in methods.d.ts, with the names of its `args` object's own
 * properties (a property's nested object type is skipped whole) and the required ones (no `?`).
 * A shape this parser does not know (args typed by name, a second parameter) throws: the list is
 * then wrong, and the fake must not start on a wrong list.
 */
export function parseBotApiMethods(source: string): Map<string, BotApiMethod> {
  // An alias's target is a string literal, which blanking would lose: it is unquoted first.
  const text = blankCommentsAndStrings(source.replace(/ApiMethods<(\w+)>\["(\w+)"\]/g, "ApiMethods<$1>[$2]"));
  const start = /\bApiMethods<\w+>\s*=\s*\{/.exec(text);
  if (!start) throw new Error("ApiMethods not found in methods.d.ts");
  const open = start.index + start[0].length - 1;
  const methods = new Map<string, BotApiMethod>();
  const aliases = new Map<string, string>();
  for (const member of members(text.slice(open + 1, closing(text, open)))) {
    // A deprecated name typed as another method (kickChatMember: ApiMethods<F>["banChatMember"]).
    const alias = /^(\w+)\s*:\s*ApiMethods<\w+>\[(\w+)\]$/.exec(member);
    if (alias?.[1] && alias[2]) {
      aliases.set(alias[1], alias[2]);
      continue;
    }
    const name = /^(\w+)\s*\(/.exec(member);
    if (!name?.[1]) throw new Error(`not a method: ${member.slice(0, 60)}`);
    const paren = member.indexOf("(");
    const inside = member.slice(paren + 1, closing(member, paren)).trim();
    const method: BotApiMethod = { params: new Set(), required: new Set() };
    methods.set(name[1], method);
    if (inside === "") continue;
    const args = /^args\??\s*:\s*\{/.exec(inside);
    if (!args) throw new Error(`${name[1]}: parameters not of the form args: { ... }`);
    const brace = args[0].length - 1;
    const end = closing(inside, brace);
    if (inside.slice(end + 1).trim() !== "") throw new Error(`${name[1]}: more than one parameter`);
    for (const property of members(inside.slice(brace + 1, end))) {
      const declared = /^(?:readonly\s+)?(\w+)(\?)?\s*:/.exec(property);
      if (!declared?.[1]) throw new Error(`${name[1]}: not a property: ${property.slice(0, 60)}`);
      method.params.add(declared[1]);
      if (!declared[2]) method.required.add(declared[1]);
    }
  }
  for (const [name, target] of aliases) {
    const method = methods.get(target);
    if (!method) throw new Error(`${name}: names no method (${target})`);
    methods.set(name, method);
  }
  return methods;
}

let parsed: Map<string, BotApiMethod> | undefined;

/**
 * The Bot API's methods as the pinned grammY's types declare them (@grammyjs/types, resolved from
 * grammy itself, so it is the version grammY sends with), parsed once per process.
 */
export function botApiMethods(): Map<string, BotApiMethod> {
  if (!parsed) {
    const fromGrammy = createRequire(createRequire(import.meta.url).resolve("grammy"));
    parsed = parseBotApiMethods(readFileSync(fromGrammy.resolve("@grammyjs/types/methods.d.ts"), "utf8"));
  }
  return parsed;
}
