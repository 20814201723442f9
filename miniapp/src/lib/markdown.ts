/**
 * The legal pages' simple markdown: "#", "##", "###" headings, lines wrapped in ** as bold lines,
 * "- " bullets (consecutive ones form one list), "---" rules and blank lines as spacing; any other
 * line is a paragraph. Inside a line, **text** is bold. Parsed to plain data and rendered as React
 * elements (components/markdown.tsx), so a document can never inject markup.
 */
export type Inline = { text: string; bold: boolean };

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3; content: Inline[] }
  | { kind: "bold"; content: Inline[] }
  | { kind: "list"; items: Inline[][] }
  | { kind: "rule" }
  | { kind: "space" }
  | { kind: "paragraph"; content: Inline[] };

/** "a **b** c" -> a, b (bold), c. An unmatched ** stays as text. */
export function parseInline(line: string): Inline[] {
  const parts: Inline[] = [];
  let rest = line;
  while (rest.length > 0) {
    const open = rest.indexOf("**");
    const close = open === -1 ? -1 : rest.indexOf("**", open + 2);
    if (open === -1 || close === -1) {
      parts.push({ text: rest, bold: false });
      break;
    }
    if (open > 0) parts.push({ text: rest.slice(0, open), bold: false });
    const inner = rest.slice(open + 2, close);
    if (inner.length > 0) parts.push({ text: inner, bold: true });
    rest = rest.slice(close + 2);
  }
  return parts;
}

const HEADING = /^(#{1,3})\s+(.*)$/;
const BOLD_LINE = /^\*\*([^*]+(?:\*(?!\*)[^*]*)*)\*\*$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  for (const raw of lines) {
    const line = raw.trim();
    const last = blocks[blocks.length - 1];
    if (line === "") {
      // One spacer per run of blank lines, none at the start.
      if (last && last.kind !== "space") blocks.push({ kind: "space" });
      continue;
    }
    if (/^-{3,}$/.test(line)) {
      blocks.push({ kind: "rule" });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading?.[1] && heading[2] !== undefined) {
      const level = heading[1].length as 1 | 2 | 3;
      blocks.push({ kind: "heading", level, content: parseInline(heading[2]) });
      continue;
    }
    if (line.startsWith("- ")) {
      const item = parseInline(line.slice(2).trim());
      if (last?.kind === "list") last.items.push(item);
      else blocks.push({ kind: "list", items: [item] });
      continue;
    }
    const bold = BOLD_LINE.exec(line);
    if (bold?.[1]) {
      blocks.push({ kind: "bold", content: [{ text: bold[1], bold: true }] });
      continue;
    }
    blocks.push({ kind: "paragraph", content: parseInline(line) });
  }
  while (blocks[blocks.length - 1]?.kind === "space") blocks.pop();
  return blocks;
}

const plain = (content: Inline[]) =>
  content
    .map((part) => part.text)
    .join("")
    .trim()
    .toLowerCase();

/** The page already shows the document's title: a first "# Title" saying the same is left out. */
export function withoutLeadingTitle(blocks: Block[], title: string): Block[] {
  const first = blocks[0];
  if (first?.kind !== "heading" || first.level !== 1 || plain(first.content) !== title.trim().toLowerCase()) {
    return blocks;
  }
  const rest = blocks.slice(1);
  return rest[0]?.kind === "space" ? rest.slice(1) : rest;
}
