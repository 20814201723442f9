import { Badge, Button } from "@telegram-apps/telegram-ui";
import { Pencil, Trash2 } from "lucide-react";
import { useId } from "react";
import type { AdminProduct } from "#api/contracts/admin-products";
import { LinkButton } from "../../components/link-button";
import { ProductImage } from "../../components/product-image";
import { productPriceText } from "../../lib/format";

/** "Indica · Flower"; what is not set is left out. */
const kindText = (product: AdminProduct) =>
  [product.strainType, product.category].filter(Boolean).join(" · ") || "No strain or category";

/** One product on the staff list: picture, badges, facts, and Edit, Activate/Deactivate, Delete. */
export function AdminProductCard({
  product,
  busy,
  onToggle,
  onDelete,
}: {
  product: AdminProduct;
  busy: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  return (
    <li className="card admin-product" aria-labelledby={titleId} data-testid="admin-product">
      <div className="admin-product-main">
        <ProductImage src={product.primaryImageUrl} alt="" className="admin-product-image" iconSize={24} />
        <div className="admin-product-text">
          {product.isFeatured || !product.isActive ? (
            <div className="admin-product-badges">
              {product.isFeatured ? (
                <Badge type="number" mode="primary" className="admin-product-badge">
                  Featured
                </Badge>
              ) : null}
              {product.isActive ? null : (
                <Badge type="number" mode="gray" className="admin-product-badge">
                  Inactive
                </Badge>
              )}
            </div>
          ) : null}
          <h2 id={titleId} className="admin-product-title">
            {product.title}
          </h2>
          <p className="admin-product-kind">{kindText(product)}</p>
          <p className="admin-product-facts">
            <span className="admin-product-price">{productPriceText(product)}</span>
            <span>Stock: {product.stockQuantity}</span>
          </p>
        </div>
      </div>
      <div className="admin-product-actions">
        <LinkButton
          to={`/admin/edit-product/${product.id}`}
          mode="bezeled"
          size="m"
          className="admin-product-button"
          before={<Pencil size={16} aria-hidden="true" />}
          aria-label={`Edit ${product.title}`}
        >
          Edit
        </LinkButton>
        <Button
          mode="bezeled"
          size="m"
          className="admin-product-button"
          aria-label={`${product.isActive ? "Deactivate" : "Activate"} ${product.title}`}
          loading={busy}
          disabled={busy}
          onClick={onToggle}
        >
          {product.isActive ? "Deactivate" : "Activate"}
        </Button>
        <Button
          mode="plain"
          size="m"
          className="admin-product-button admin-product-delete"
          before={<Trash2 size={16} aria-hidden="true" />}
          aria-label={`Delete ${product.title}`}
          disabled={busy}
          onClick={onDelete}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
