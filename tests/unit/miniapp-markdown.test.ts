import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, withoutLeadingTitle } from "../../miniapp/src/lib/markdown";

const text = (t: string) => ({ text: t, bold: false });
const bold = (t: string) => ({ text: t, bold: true });

describe("legal markdown", () => {
  it("reads #, ## and ### as headings of three levels", () => {
    expect(parseMarkdown("# One\n## Two\n### Three")).toEqual([
      { kind: "heading", level: 1, content: [text("One")] },
      { kind: "heading", level: 2, content: [text("Two")] },
      { kind: "heading", level: 3, content: [text("Three")] },
    ]);
  });

  it("needs a space after the hashes, and four hashes are not a heading", () => {
    expect(parseMarkdown("#NoSpace")).toEqual([{ kind: "paragraph", content: [text("#NoSpace")] }]);
    expect(parseMarkdown("#### Four")).toEqual([{ kind: "paragraph", content: [text("#### Four")] }]);
  });

  it("reads a line wrapped in ** as a bold line", () => {
    expect(parseMarkdown("**Important notice**")).toEqual([
      { kind: "bold", content: [bold("Important notice")] },
    ]);
  });

  it("gathers consecutive '- ' lines into one list", () => {
    expect(parseMarkdown("- a\n- b\n\n- c")).toEqual([
      { kind: "list", items: [[text("a")], [text("b")]] },
      { kind: "space" },
      { kind: "list", items: [[text("c")]] },
    ]);
  });

  it("reads --- (and longer) as a rule", () => {
    expect(parseMarkdown("above\n---\n-----\nbelow")).toEqual([
      { kind: "paragraph", content: [text("above")] },
      { kind: "rule" },
      { kind: "rule" },
      { kind: "paragraph", content: [text("below")] },
    ]);
  });

  it("turns a run of blank lines into one spacer, none at either end", () => {
    expect(parseMarkdown("\n\na\n\n\n\nb\n\n")).toEqual([
      { kind: "paragraph", content: [text("a")] },
      { kind: "space" },
      { kind: "paragraph", content: [text("b")] },
    ]);
  });

  it("keeps other lines as paragraphs, trimmed, with Windows line ends", () => {
    expect(parseMarkdown("  first  \r\nsecond")).toEqual([
      { kind: "paragraph", content: [text("first")] },
      { kind: "paragraph", content: [text("second")] },
    ]);
  });

  it("bolds **inline** parts and leaves an unmatched ** as text", () => {
    expect(parseInline("You must be **21 or older** to join")).toEqual([
      text("You must be "),
      bold("21 or older"),
      text(" to join"),
    ]);
    expect(parseInline("a ** b")).toEqual([text("a ** b")]);
    expect(parseMarkdown("- **Bold** item")).toEqual([
      { kind: "list", items: [[bold("Bold"), text(" item")]] },
    ]);
  });

  it("treats markup as text: nothing in a document becomes HTML", () => {
    const [block] = parseMarkdown("<script>alert(1)</script>");
    expect(block).toEqual({ kind: "paragraph", content: [text("<script>alert(1)</script>")] });
  });

  it("leaves out a first heading that repeats the page title", () => {
    const blocks = parseMarkdown("# Terms of Service\n\nBody");
    expect(withoutLeadingTitle(blocks, "Terms of Service")).toEqual([
      { kind: "paragraph", content: [text("Body")] },
    ]);
    expect(withoutLeadingTitle(blocks, "Privacy Policy")).toBe(blocks);
    const second = parseMarkdown("## Terms of Service");
    expect(withoutLeadingTitle(second, "Terms of Service")).toBe(second);
  });
});
