import { Badge, Button } from "@telegram-apps/telegram-ui";
import { Pencil, Trash2 } from "lucide-react";
import type { AdminProduct } from "#api/contracts/admin-products";
import { LinkButton } from "../../components/link-button";
import { t as translate } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
import { productPriceText } from "../../lib/format";
import { ProductImage } from "../../shop/product-image";
import { AdminRow } from "../admin-row";

/** "Indica · Flower"; what is not set is left out. */
const kindText = (product: AdminProduct) =>
  [product.strainType, product.category].filter(Boolean).join(" · ") || translate("admin.products.noKind");

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
  const { t } = useT();
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
                {t("admin.products.featured")}
              </Badge>
            ) : null}
            {product.isActive ? null : (
              <Badge type="number" mode="gray" className="admin-row-badge">
                {t("admin.common.inactive")}
              </Badge>
            )}
          </span>
        ) : null
      }
      subtitle={kindText(product)}
      description={
        <span className="admin-product-facts">
          <span className="admin-product-price">{productPriceText(product)}</span>
          <span>{t("admin.products.stock", { count: product.stockQuantity })}</span>
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
          aria-label={t("admin.common.editNamed", { name: product.title })}
        >
          {t("admin.common.edit")}
        </LinkButton>
        <Button
          mode="bezeled"
          size="m"
          className="admin-row-button"
          aria-label={t(
            product.isActive ? "admin.products.deactivateNamed" : "admin.products.activateNamed",
            {
              name: product.title,
            },
          )}
          loading={busy}
          disabled={busy}
          onClick={onToggle}
        >
          {t(product.isActive ? "admin.products.deactivate" : "admin.products.activate")}
        </Button>
        <Button
          mode="plain"
          size="m"
          className="admin-row-button admin-row-delete"
          before={<Trash2 size={16} aria-hidden="true" />}
          aria-label={t("admin.common.deleteNamed", { name: product.title })}
          disabled={busy}
          onClick={onDelete}
        >
          {t("admin.common.delete")}
        </Button>
      </div>
    </AdminRow>
  );
}
