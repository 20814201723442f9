import { Badge, Button } from "@telegram-apps/telegram-ui";
import { Pencil, Trash2 } from "lucide-react";
import type { AdminProduct } from "#api/contracts/admin-products";
import { LinkButton } from "../../components/link-button";
import { productPriceText } from "../../lib/format";
import { ProductImage } from "../../shop/product-image";
import { AdminRow } from "../admin-row";

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
  return (
    <AdminRow
      testId="admin-product"
      title={product.title}
      before={
        <ProductImage src={product.primaryImageUrl} alt="" className="admin-product-image" iconSize={24} />
      }
      after={
        product.isFeatured || !product.isActive ? (
          <span className="admin-row-badges">
            {product.isFeatured ? (
              <Badge type="number" mode="primary" className="admin-row-badge">
                Featured
              </Badge>
            ) : null}
            {product.isActive ? null : (
              <Badge type="number" mode="gray" className="admin-row-badge">
                Inactive
              </Badge>
            )}
          </span>
        ) : null
      }
      subtitle={kindText(product)}
      description={
        <span className="admin-product-facts">
          <span className="admin-product-price">{productPriceText(product)}</span>
          <span>Stock: {product.stockQuantity}</span>
        </span>
      }
    >
      <div className="admin-row-actions">
        <LinkButton
          to={`/admin/edit-product/${product.id}`}
          mode="bezeled"
          size="m"
          className="admin-row-button"
          before={<Pencil size={16} aria-hidden="true" />}
          aria-label={`Edit ${product.title}`}
        >
          Edit
        </LinkButton>
        <Button
          mode="bezeled"
          size="m"
          className="admin-row-button"
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
          className="admin-row-button admin-row-delete"
          before={<Trash2 size={16} aria-hidden="true" />}
          aria-label={`Delete ${product.title}`}
          disabled={busy}
          onClick={onDelete}
        >
          Delete
        </Button>
      </div>
    </AdminRow>
  );
}
