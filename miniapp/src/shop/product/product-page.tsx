import { Badge, Button, Tappable } from "@telegram-apps/telegram-ui";
import { FileText, ZoomIn } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import type { Product } from "#api/contracts/products";
import { FeatureIcon } from "../../components/feature-icon";
import { BackLink } from "../../components/page-header";
import { StateView } from "../../components/state-view";
import { t as text } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
import { fetchProduct, LoadError } from "../../lib/api";
import { takeBootProduct } from "../../lib/boot-data";
import { formatPercent, productPriceText, stockText } from "../../lib/format";
import { toast } from "../../lib/toast";
import { useBottomBar } from "../../lib/use-bottom-bar";
import { useResource } from "../../lib/use-resource";
import { productShare } from "../../share/share";
import { ShareButton } from "../../share/share-button";
import { openOutside, telegram } from "../../telegram/controls";
import { useTelegramMainButton } from "../../telegram/main-button";
import { addToCartLabel } from "../cart/cart-rules";
import { useCart } from "../cart/use-cart";
import { ProductImage } from "../product-image";
import { clampQuantity, quantityBounds } from "../quantity";
import { QuantityStepper } from "../quantity-stepper";
import { strainText } from "../strain";
import { ImageZoom } from "./image-zoom";
import { StockAlert } from "./stock-alert";
import { ZOOM } from "./zoom";
import "./product-page.css";

export default function ProductPage() {
  const { t } = useT();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const load = useCallback((signal: AbortSignal) => fetchProduct(id, signal), [id]);
  const product = useResource(`product:${id}`, load, { refetchOn: "products", initial: takeBootProduct(id) });
  const notFound = product.status === "error" && product.error instanceof LoadError && product.error.notFound;

  useEffect(() => {
    if (product.status === "error" && !notFound)
      toast.error(text("product.loadFailed"), { id: "load-product" });
  }, [product.status, notFound]);

  if (product.status === "loading") return <StateView kind="loading" label={t("product.loading")} />;
  if (notFound) {
    return (
      <StateView
        kind="empty"
        title={t("product.notFound")}
        headingLevel={1}
        action={
          <Button type="button" size="m" onClick={() => navigate("/")}>
            {t("product.backToHome")}
          </Button>
        }
      />
    );
  }
  if (product.status === "error")
    return <StateView kind="error" message={t("product.loadFailed")} onRetry={product.reload} />;
  return <ProductDetail key={product.data.id} product={product.data} />;
}

function ProductDetail({ product }: { product: Product }) {
  const { t } = useT();
  const { addProduct } = useCart();
  const [chosen, setChosen] = useState(1);
  const [zoomOpen, setZoomOpen] = useState(false);
  const [zoom, setZoom] = useState<number>(ZOOM.initial);
  const stock = product.stockQuantity;
  const { disabled } = quantityBounds(stock);
  // Stock can drop while the page is open (live updates): never offer more than there is.
  const quantity = clampQuantity(chosen, stock);

  const add = useCallback(() => {
    addProduct(product, quantity);
  }, [addProduct, product, quantity]);

  const closeZoom = useCallback(() => {
    setZoomOpen(false);
    setZoom(ZOOM.initial);
  }, []);

  const addLabel = addToCartLabel(quantity, product);
  const usesMainButton = useTelegramMainButton({ text: addLabel, enabled: !disabled, onClick: add });
  const bar = useRef<HTMLDivElement>(null);
  useBottomBar(bar, !usesMainButton);

  const details: [string, string | null][] = [
    ["THC", product.thcPercentage === null ? null : formatPercent(product.thcPercentage)],
    ["CBD", product.cbdPercentage === null ? null : formatPercent(product.cbdPercentage)],
    [t("product.size"), product.unitSize],
    [t("product.batch"), product.batchNumber],
  ];
  const shownDetails = details.filter(
    (entry): entry is [string, string] => entry[1] !== null && entry[1] !== "",
  );

  return (
    <article className="page product-page">
      <BackLink to="/" className="product-back" />
      {product.primaryImageUrl ? (
        <Tappable
          Component="button"
          type="button"
          className="product-hero"
          onClick={() => setZoomOpen(true)}
          aria-label={t("product.zoomImage")}
        >
          <ProductImage
            src={product.primaryImageUrl}
            alt={product.title}
            className="product-hero-image"
            eager
          />
          <span className="product-hero-hint" aria-hidden="true">
            <ZoomIn size={16} />
          </span>
        </Tappable>
      ) : (
        <ProductImage
          src={null}
          alt={product.title}
          className="product-hero product-hero-image"
          iconSize={56}
        />
      )}

      <div className="product-summary">
        <div className="product-title-row">
          <h1 className="product-title">{product.title}</h1>
          <ShareButton target={() => productShare(product)} />
        </div>
        <div className="product-meta">
          {product.strainType ? (
            <Badge type="number" mode="secondary" className="badge-strain">
              {strainText(product.strainType)}
            </Badge>
          ) : null}
          <span className={stock > 0 ? "stock" : "stock stock-out"} data-testid="stock">
            {stockText(stock)}
          </span>
        </div>
        <div className="product-buy-row">
          <p className="product-price" data-testid="product-price">
            {productPriceText(product)}
          </p>
          <QuantityStepper
            value={quantity}
            stock={stock}
            onChange={(next) => setChosen((current) => next(clampQuantity(current, stock)))}
          />
        </div>
        {stock > 0 ? null : <StockAlert productId={product.id} />}
      </div>

      {product.description ? <p className="product-description">{product.description}</p> : null}

      {product.features && product.features.length > 0 ? (
        <ul className="feature-list" aria-label={t("product.features")}>
          {product.features.map((feature) => (
            <li key={`${feature.icon}:${feature.text}`} className="feature">
              <FeatureIcon name={feature.icon} />
              <span>{feature.text}</span>
            </li>
          ))}
        </ul>
      ) : null}

      {shownDetails.length > 0 ? (
        <dl className="detail-grid">
          {shownDetails.map(([label, value]) => (
            <div key={label} className="detail">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      {product.coaUrl ? (
        <a
          className="coa-link"
          href={product.coaUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => {
            // Inside Telegram a link opens through openLink (its own browser, the app kept open).
            if (!telegram() || !product.coaUrl) return;
            event.preventDefault();
            openOutside(product.coaUrl);
          }}
        >
          <FileText size={18} aria-hidden="true" />
          {t("product.viewCoa")}
        </a>
      ) : null}

      {usesMainButton ? null : (
        <div className="purchase-bar" ref={bar}>
          <Button size="l" stretched onClick={add} disabled={disabled}>
            {addLabel}
          </Button>
        </div>
      )}

      {zoomOpen && product.primaryImageUrl ? (
        <ImageZoom
          src={product.primaryImageUrl}
          alt={product.title}
          zoom={zoom}
          onZoom={setZoom}
          onClose={closeZoom}
        />
      ) : null}
    </article>
  );
}
