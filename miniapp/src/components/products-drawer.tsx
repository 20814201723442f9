import { useAtom } from "jotai";
import { Sparkles } from "lucide-react";
import { useCallback, useEffect } from "react";
import { toast } from "sonner";
import { fetchProducts } from "../lib/api";
import { useResource } from "../lib/use-resource";
import { openDrawerAtom } from "../state/drawers";
import { Drawer } from "./drawer";
import { ProductCard } from "./product-card";
import { Spinner } from "./spinner";

export function ProductsDrawer() {
  const [openDrawer, setOpenDrawer] = useAtom(openDrawerAtom);
  const open = openDrawer === "products";
  const close = useCallback(() => setOpenDrawer(null), [setOpenDrawer]);
  // Loaded on first open, then kept fresh by the products change stream.
  const products = useResource("products", fetchProducts, { refetchOn: "products", enabled: open });

  useEffect(() => {
    if (products.status === "error") toast.error("Failed to load products", { id: "load-products" });
  }, [products.status]);

  return (
    <Drawer open={open} onClose={close} title="Products">
      {products.status === "loading" ? <Spinner label="Loading products" /> : null}
      {products.status === "error" ? (
        <div className="state-message">
          <p>Failed to load products</p>
          <button type="button" className="button button-secondary" onClick={products.reload}>
            Retry
          </button>
        </div>
      ) : null}
      {products.status === "ready" && products.data.length === 0 ? (
        <div className="state-message">
          <Sparkles size={32} aria-hidden="true" className="state-icon" />
          <p className="state-title">No products found</p>
          <p className="hint">Products are created by telling the assistant what you want to sell.</p>
        </div>
      ) : null}
      {products.status === "ready" && products.data.length > 0 ? (
        <div className="product-grid">
          {products.data.map((product) => (
            <ProductCard key={product.id} product={product} onOpen={close} />
          ))}
        </div>
      ) : null}
    </Drawer>
  );
}
