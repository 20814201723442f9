import type { ReactNode } from "react";

/**
 * A chart's numbers as a table, folded away under its summary: for screen readers (the chart is
 * one image to them) and for copying.
 */
export function FiguresTable({
  summary,
  caption,
  columns,
  rows,
  testId,
}: {
  summary: string;
  caption: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
  testId?: string;
}) {
  return (
    <details className="dashboard-details" data-testid={testId}>
      <summary>{summary}</summary>
      <FigureTable caption={caption} columns={columns} rows={rows} />
    </details>
  );
}

/** A table of figures: the first column names the row, the others are numbers. */
export function FigureTable({
  caption,
  columns,
  rows,
  hideCaption = true,
}: {
  caption: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
  hideCaption?: boolean;
}) {
  return (
    <table className="dashboard-table">
      <caption className={hideCaption ? "visually-hidden" : undefined}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, index) =>
              index === 0 ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order.
                <th key={index} scope="row">
                  {cell}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order.
                <td key={index}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
