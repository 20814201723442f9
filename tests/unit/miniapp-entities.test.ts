import { describe, expect, it } from "vitest";
import { formatText } from "../../miniapp/src/feed/entities";

describe("a relayed post's formatting", () => {
  it("is plain text without entities, with bare links found", () => {
    expect(formatText("see https://a.example/x.", null)).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", text: "https://a.example/x", href: "https://a.example/x" },
      { kind: "text", text: "." },
    ]);
  });

  it("nests formats and keeps the text between them", () => {
    // "Bold and italic": bold over all of it, italic over "italic".
    expect(
      formatText("Bold and italic", [
        { type: "bold", offset: 0, length: 15 },
        { type: "italic", offset: 9, length: 6 },
      ]),
    ).toEqual([
      {
        kind: "format",
        format: "bold",
        children: [
          { kind: "text", text: "Bold and " },
          { kind: "format", format: "italic", children: [{ kind: "text", text: "italic" }] },
        ],
      },
    ]);
  });

  it("counts offsets in UTF-16 code units, as Telegram does (an emoji is two)", () => {
    expect(formatText("🔥 hot", [{ type: "bold", offset: 3, length: 3 }])).toEqual([
      { kind: "text", text: "🔥 " },
      { kind: "format", format: "bold", children: [{ kind: "text", text: "hot" }] },
    ]);
  });

  it("links text_link only to web and Telegram addresses; script links stay text", () => {
    const text = "shop and evil";
    expect(
      formatText(text, [
        { type: "text_link", offset: 0, length: 4, url: "https://shop.example" },
        { type: "text_link", offset: 9, length: 4, url: "javascript:alert(1)" },
      ]),
    ).toEqual([
      {
        kind: "format",
        format: "link",
        href: "https://shop.example",
        children: [{ kind: "text", text: "shop" }],
      },
      { kind: "text", text: " and evil" },
    ]);
  });

  it("never takes markup from the text: tags stay characters", () => {
    const nodes = formatText("<img src=x onerror=alert(1)>", [{ type: "code", offset: 0, length: 4 }]);
    expect(nodes).toEqual([
      { kind: "format", format: "code", children: [{ kind: "text", text: "<img" }] },
      { kind: "text", text: " src=x onerror=alert(1)>" },
    ]);
  });

  it("leaves out entities that cross another's edge or run past the text, and unknown types", () => {
    expect(
      formatText("abcdef", [
        { type: "bold", offset: 0, length: 4 },
        { type: "italic", offset: 2, length: 4 },
        { type: "underline", offset: 4, length: 10 },
        { type: "hashtag", offset: 4, length: 2 },
      ]),
    ).toEqual([
      { kind: "format", format: "bold", children: [{ kind: "text", text: "abcd" }] },
      { kind: "text", text: "ef" },
    ]);
  });

  it("renders expandable quotes as quotes, and spoilers and code blocks as their formats", () => {
    const formats = formatText("quote spoiler pre", [
      { type: "expandable_blockquote", offset: 0, length: 5 },
      { type: "spoiler", offset: 6, length: 7 },
      { type: "pre", offset: 14, length: 3, language: "ts" },
    ]).flatMap((node) => (node.kind === "format" ? [node.format] : []));
    expect(formats).toEqual(["blockquote", "spoiler", "pre"]);
  });
});
