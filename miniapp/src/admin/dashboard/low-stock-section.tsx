import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { Dashboard } from "#api/contracts/admin-dashboard";
import { useT } from "../../i18n/use-t";
import { stockText } from "../../lib/format";

/** Active products at or under the low-stock threshold, each a way to its edit page. */
export function LowStockSection({ lowStock }: { lowStock: Dashboard["lowStock"] }) {
  const { t } = useT();
  const { count, threshold } = lowStock;
  return (
    <section className="dashboard-section card" aria-labelledby="dashboard-low-stock">
      <h2 id="dashboard-low-stock" className="section-title">
        {t("admin.dashboard.lowStock")}
      </h2>
      {lowStock.count === 0 ? (
        <p className="hint">{t("admin.dashboard.noLowStock", { threshold })}</p>
      ) : (
        <>
          <p className="hint">
            {t("admin.dashboard.lowStockCount", { count, threshold })}
            {count > lowStock.products.length
              ? t("admin.dashboard.lowestShown", { count: lowStock.products.length })
              : ""}
          </p>
          <ul className="dashboard-low-stock" data-testid="low-stock">
            {lowStock.products.map((product) => (
              <li key={product.id}>
                <Link to={`/admin/edit-product/${product.id}`} className="dashboard-low-stock-link">
                  <span className="dashboard-low-stock-title">{product.title}</span>
                  <span className="dashboard-low-stock-count">{stockText(product.stockQuantity)}</span>
                  <ChevronRight size={18} aria-hidden="true" className="menu-chevron dir-flip" />
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
