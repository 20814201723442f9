import { useState } from "react";
import { ExportButton } from "../../components/export-button";
import { Field } from "../../components/field";
import { useT } from "../../i18n/use-t";

/**
 * The orders export with its optional date range (UTC days, both included, as the server reads
 * them): empty fields export every order. A range that runs backwards is said here, before the
 * server would refuse it.
 */
export function OrdersExport() {
  const { t } = useT();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const backwards = from !== "" && to !== "" && from > to;
  const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
  return (
    <fieldset className="orders-export">
      <legend className="visually-hidden">{t("admin.orders.export")}</legend>
      <div className="orders-export-range">
        <Field
          label={t("admin.orders.from")}
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <Field
          label={t("admin.orders.to")}
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={backwards ? t("admin.orders.backwards") : null}
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
