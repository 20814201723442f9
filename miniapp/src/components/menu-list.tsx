import { Cell, Section } from "@telegram-apps/telegram-ui";
import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import "./menu-list.css";

export interface MenuEntry {
  to: string;
  label: string;
  icon: ReactNode;
}

/** A navigation menu as the kit's section of cells, each a link with an icon and a chevron. */
export function MenuList({ label, entries }: { label: string; entries: readonly MenuEntry[] }) {
  return (
    <nav aria-label={label}>
      <Section className="menu">
        {entries.map((entry) => (
          <Link key={entry.to} to={entry.to} className="menu-link">
            <Cell
              Component="span"
              before={
                <span className="menu-icon" aria-hidden="true">
                  {entry.icon}
                </span>
              }
              after={<ChevronRight size={18} className="menu-chevron dir-flip" aria-hidden="true" />}
            >
              {entry.label}
            </Cell>
          </Link>
        ))}
      </Section>
    </nav>
  );
}
