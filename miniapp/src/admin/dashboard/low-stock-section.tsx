import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { Dashboard } from "#api/contracts/admin-dashboard";
import { stockText } from "../../lib/format";

/** Active products at or under the low-stock threshold, each a way to its edit page. */
export function LowStockSection({ lowStock }: { lowStock: Dashboard["lowStock"] }) {
  return (
    <section className="dashboard-section card" aria-labelledby="dashboard-low-stock">
      <h2 id="dashboard-low-stock" className="section-title">
        Low stock
      </h2>
      {lowStock.count === 0 ? (
        <p className="hint">No product has {lowStock.threshold} or fewer in stock</p>
      ) : (
        <>
          <p className="hint">
            {lowStock.count} {lowStock.count === 1 ? "product has" : "products have"} {lowStock.threshold} or
            fewer in stock
            {lowStock.count > lowStock.products.length ? `; the ${lowStock.products.length} lowest:` : ""}
          </p>
          <ul className="dashboard-low-stock" data-testid="low-stock">
            {lowStock.products.map((product) => (
              <li key={product.id}>
                <Link to={`/admin/edit-product/${product.id}`} className="dashboard-low-stock-link">
                  <span className="dashboard-low-stock-title">{product.title}</span>
                  <span className="dashboard-low-stock-count">{stockText(product.stockQuantity)}</span>
                  <ChevronRight size={18} aria-hidden="true" className="menu-chevron" />
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
