import { Cell, Section } from "@telegram-apps/telegram-ui";
import { type ReactNode, useId } from "react";
import "./admin-row.css";

/** An admin list (products, users, tiers, payments, versions): the kit's section, a list by role. */
export function AdminList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Section role="list" aria-label={label} className="admin-list">
      {children}
    </Section>
  );
}

/**
 * One row of an admin list, named by its title: the kit's cell (a picture before, the title, a line
 * under it, badges after), then what the row holds besides (facts, its action buttons), aligned
 * with the cell.
 */
export function AdminRow({
  title,
  subtitle,
  description,
  before,
  after,
  testId,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  description?: ReactNode;
  before?: ReactNode;
  after?: ReactNode;
  testId: string;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: the kit's Section puts its rows in its own <div>s, where no <li> may go.
    <div role="listitem" className="admin-row" aria-labelledby={titleId} data-testid={testId}>
      {/* Read-only: the row itself does nothing when tapped (no ripple), its buttons do. */}
      <Cell
        readOnly
        multiline
        className="admin-row-cell"
        before={before}
        after={after}
        subtitle={subtitle}
        description={description}
      >
        <span id={titleId} className="admin-row-title">
          {title}
        </span>
      </Cell>
      {children ? <div className="admin-row-body">{children}</div> : null}
    </div>
  );
}
