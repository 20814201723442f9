import { Badge } from "@telegram-apps/telegram-ui";
import { FlaskConical } from "lucide-react";
import { Link } from "react-router";
import { productPath } from "#api/contracts/app-links";
import type { Product } from "#api/contracts/products";
import { useT } from "../../i18n/use-t";
import { productPriceText } from "../../lib/format";
import { ProductImage } from "../product-image";
import "./product-card.css";

export function ProductCard({ product, onOpen }: { product: Product; onOpen: () => void }) {
  const { t } = useT();
  return (
    <Link to={productPath(product.id)} className="product-card" onClick={onOpen} data-testid="product-card">
      <div className="product-card-media">
        <ProductImage src={product.primaryImageUrl} alt={product.title} className="product-card-image" />
        {product.coaUrl ? (
          <Badge type="number" mode="primary" className="badge-lab">
            <FlaskConical size={10} aria-hidden="true" /> {t("catalogue.labTested")}
          </Badge>
        ) : null}
      </div>
      <span className="product-card-title">{product.title}</span>
      <span className="product-card-price">{productPriceText(product)}</span>
    </Link>
  );
}
