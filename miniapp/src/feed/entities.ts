import type { TelegramEntity } from "#api/contracts/feed";
import { linkify } from "./linkify";

/** The formats a relayed post's text can carry, as the card renders them. */
export type Format =
  | "bold"
  | "italic"
  | "underline"
  | "strikethrough"
  | "spoiler"
  | "code"
  | "pre"
  | "blockquote"
  | "link";

export type TextNode =
  | { kind: "text"; text: string }
  | { kind: "link"; text: string; href: string }
  | { kind: "format"; format: Format; href?: string; children: TextNode[] };

const SAFE_LINK = /^(https?:\/\/|tg:\/\/)/i;

const formatOf = (entity: TelegramEntity): Format | undefined => {
  switch (entity.type) {
    case "bold":
    case "italic":
    case "underline":
    case "strikethrough":
    case "spoiler":
    case "code":
    case "pre":
    case "blockquote":
      return entity.type;
    case "expandable_blockquote":
      return "blockquote";
    case "text_link":
      return entity.url && SAFE_LINK.test(entity.url) ? "link" : undefined;
    default:
      // "url" is found again by linkify; mentions, hashtags and the rest stay plain.
      return undefined;
  }
};

/**
 * A post's text and Telegram's formatting entities as a tree of text, links and formats, for React to
 * render as elements: nothing from the post is ever interpreted as markup. Offsets are UTF-16 code
 * units, as JavaScript strings count. Nested entities nest; one that crosses another's edge, or the
 * text's end, is left out. Plain runs get their bare links found by linkify.
 */
export function formatText(text: string, entities: TelegramEntity[] | null): TextNode[] {
  const spans = (entities ?? [])
    .map((entity) => ({ entity, format: formatOf(entity), end: entity.offset + entity.length }))
    .filter(
      (span): span is { entity: TelegramEntity; format: Format; end: number } =>
        span.format !== undefined &&
        span.entity.offset >= 0 &&
        span.entity.length > 0 &&
        span.end <= text.length,
    )
    .sort((a, b) => a.entity.offset - b.entity.offset || b.end - a.end);

  const build = (start: number, end: number, inside: typeof spans): TextNode[] => {
    const nodes: TextNode[] = [];
    let position = start;
    const plain = (to: number) => {
      if (to > position) nodes.push(...linkify(text.slice(position, to)));
    };
    for (const [index, span] of inside.entries()) {
      if (span.entity.offset < position || span.end > end) continue;
      plain(span.entity.offset);
      const nested = inside
        .slice(index + 1)
        .filter((s) => s.entity.offset >= span.entity.offset && s.end <= span.end);
      nodes.push({
        kind: "format",
        format: span.format,
        ...(span.format === "link" && span.entity.url ? { href: span.entity.url } : {}),
        children: build(span.entity.offset, span.end, nested),
      });
      position = span.end;
    }
    plain(end);
    return nodes;
  };
  return build(0, text.length, spans);
}
