import { useMemo } from "react";
import { type Inline, parseMarkdown, withoutLeadingTitle } from "../lib/markdown";
import "./markdown.css";

function Text({ content }: { content: Inline[] }) {
  return (
    <>
      {content.map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one line never reorder.
        part.bold ? <strong key={index}>{part.text}</strong> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

/**
 * A legal document's simple markdown as React elements (no HTML from the document is ever used).
 * `title`: the page's own heading, so the document's identical first heading is not repeated.
 */
export function Markdown({ source, title }: { source: string; title?: string }) {
  const blocks = useMemo(() => {
    const parsed = parseMarkdown(source);
    return title ? withoutLeadingTitle(parsed, title) : parsed;
  }, [source, title]);
  return (
    <div className="markdown">
      {blocks.map((block, index) => {
        const key = `${index}-${block.kind}`;
        switch (block.kind) {
          case "heading": {
            const Tag = block.level === 1 ? "h2" : block.level === 2 ? "h3" : "h4";
            return (
              <Tag key={key} className={`md-h${block.level}`}>
                <Text content={block.content} />
              </Tag>
            );
          }
          case "bold":
            return (
              <p key={key} className="md-bold">
                <Text content={block.content} />
              </p>
            );
          case "list":
            return (
              <ul key={key} className="md-list">
                {block.items.map((item, itemIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a document's items never reorder.
                  <li key={itemIndex}>
                    <Text content={item} />
                  </li>
                ))}
              </ul>
            );
          case "rule":
            return <hr key={key} className="md-rule" />;
          case "space":
            return <div key={key} className="md-space" aria-hidden="true" />;
          default:
            return (
              <p key={key} className="md-p">
                <Text content={block.content} />
              </p>
            );
        }
      })}
    </div>
  );
}
