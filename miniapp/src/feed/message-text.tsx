import { type ReactNode, useState } from "react";
import type { TelegramEntity } from "#api/contracts/feed";
import { useT } from "../i18n/use-t";
import { formatText, type TextNode } from "./entities";

const LINK_PROPS = { target: "_blank", rel: "noopener noreferrer nofollow" } as const;

/** A spoiler stays blurred until tapped. */
function Spoiler({ children }: { children: ReactNode }) {
  const { t } = useT();
  const [shown, setShown] = useState(false);
  return (
    // Raw: a spoiler is inline text in the line that wraps with it; the kit's buttons are boxes.
    <button
      type="button"
      className={shown ? "spoiler spoiler-shown" : "spoiler"}
      aria-label={shown ? undefined : t("feed.spoiler")}
      onClick={() => setShown(true)}
    >
      {children}
    </button>
  );
}

function render(node: TextNode, key: number): ReactNode {
  if (node.kind === "text") return <span key={key}>{node.text}</span>;
  if (node.kind === "link") {
    return (
      <a key={key} href={node.href} {...LINK_PROPS}>
        {node.text}
      </a>
    );
  }
  const children = node.children.map(render);
  switch (node.format) {
    case "bold":
      return <strong key={key}>{children}</strong>;
    case "italic":
      return <em key={key}>{children}</em>;
    case "underline":
      return <u key={key}>{children}</u>;
    case "strikethrough":
      return <s key={key}>{children}</s>;
    case "spoiler":
      return <Spoiler key={key}>{children}</Spoiler>;
    case "code":
      return <code key={key}>{children}</code>;
    case "pre":
      return (
        <pre key={key}>
          <code>{children}</code>
        </pre>
      );
    case "blockquote":
      return <blockquote key={key}>{children}</blockquote>;
    case "link":
      return (
        <a key={key} href={node.href} {...LINK_PROPS}>
          {children}
        </a>
      );
  }
}

/** A message's text: its links, and a relayed post's formatting, as elements (never as HTML). */
export function MessageText({ text, entities }: { text: string; entities: TelegramEntity[] | null }) {
  return <div className="message-text">{formatText(text, entities).map(render)}</div>;
}
