import { useAtom } from "jotai";
import { Sparkles } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect } from "react";
import { Drawer } from "../../components/drawer";
import { ResourceList, StateView } from "../../components/state-view";
import { fetchProducts } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useResource } from "../../lib/use-resource";
import { signedInUser, useAuth } from "../../state/auth";
import { openDrawerAtom } from "../../state/drawers";
import { isStaff } from "../../state/role-cache";
import { useRoles } from "../../state/roles";

// The grid with its search and filters loads when the drawer first opens, never with the first screen.
const ProductBrowser = lazy(() => import("./product-browser"));

export function ProductsDrawer() {
  const [openDrawer, setOpenDrawer] = useAtom(openDrawerAtom);
  const open = openDrawer === "products";
  const close = useCallback(() => setOpenDrawer(null), [setOpenDrawer]);
  // Loaded on first open, then kept fresh by the products change stream.
  const products = useResource("products", fetchProducts, { refetchOn: "products", enabled: open });
  const roles = useRoles(signedInUser(useAuth())?.id ?? null);
  const staff = roles.status === "loaded" && isStaff(roles.roles);

  useEffect(() => {
    if (products.status === "error") toast.error("Failed to load products", { id: "load-products" });
  }, [products.status]);

  return (
    <Drawer open={open} onClose={close} title="Products">
      <ResourceList
        resource={products}
        loadingLabel="Loading products"
        errorMessage="Failed to load products"
        empty={{
          title: "No products found",
          icon: <Sparkles size={32} />,
          // Staff are told how products are created; shoppers get a friendly line (decision 060).
          description: staff
            ? "Products are created by telling the assistant what you want to sell."
            : "New products are on their way. Check back soon.",
        }}
      >
        {(data) => (
          <Suspense fallback={<StateView kind="loading" label="Loading products" />}>
            <ProductBrowser products={data} onOpen={close} />
          </Suspense>
        )}
      </ResourceList>
    </Drawer>
  );
}
