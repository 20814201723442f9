import { useState } from "react";
import { ExportButton } from "../../components/export-button";
import { Field } from "../../components/field";

export const ordersExportTexts = {
  from: "From",
  to: "To",
  backwards: "From must be on or before To.",
} as const;

/**
 * The orders export with its optional date range (UTC days, both included, as the server reads
 * them): empty fields export every order. A range that runs backwards is said here, before the
 * server would refuse it.
 */
export function OrdersExport() {
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const backwards = from !== "" && to !== "" && from > to;
  const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
  return (
    <fieldset className="orders-export">
      <legend className="visually-hidden">Export orders</legend>
      <div className="orders-export-range">
        <Field
          label={ordersExportTexts.from}
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <Field
          label={ordersExportTexts.to}
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={backwards ? ordersExportTexts.backwards : null}
        />
      </div>
      <ExportButton
        path={`/api/admin/exports/orders.csv${query ? `?${query}` : ""}`}
        fallbackName="orders.csv"
        disabled={backwards}
      />
    </fieldset>
  );
}
