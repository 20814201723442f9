import { useAtom } from "jotai";
import { Sparkles } from "lucide-react";
import { Suspense, useCallback, useEffect } from "react";
import { Drawer } from "../../components/drawer";
import { ResourceList, StateView } from "../../components/state-view";
import { t as text } from "../../i18n/i18n";
import { lazyWithTexts } from "../../i18n/lazy-with-texts";
import { useT } from "../../i18n/use-t";
import { fetchProducts } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useResource } from "../../lib/use-resource";
import { signedInUser, useAuth } from "../../state/auth";
import { openDrawerAtom } from "../../state/drawers";
import { isStaff } from "../../state/role-cache";
import { useRoles } from "../../state/roles";

// The grid with its search and filters loads when the drawer first opens, never with the first screen.
const ProductBrowser = lazyWithTexts(() => import("./product-browser"));

/** The catalogue: its chunk (and the language's words) load when it first opens (app-layout.tsx). */
export default function ProductsDrawer() {
  const { t } = useT();
  const [openDrawer, setOpenDrawer] = useAtom(openDrawerAtom);
  const open = openDrawer === "products";
  const close = useCallback(() => setOpenDrawer(null), [setOpenDrawer]);
  // Loaded on first open, then kept fresh by the products change stream.
  const products = useResource("products", fetchProducts, { refetchOn: "products", enabled: open });
  const roles = useRoles(signedInUser(useAuth())?.id ?? null);
  const staff = roles.status === "loaded" && isStaff(roles.roles);

  useEffect(() => {
    if (products.status === "error") toast.error(text("catalogue.loadFailed"), { id: "load-products" });
  }, [products.status]);

  return (
    <Drawer open={open} onClose={close} title={t("catalogue.title")}>
      <ResourceList
        resource={products}
        loadingLabel={t("catalogue.loading")}
        errorMessage={t("catalogue.loadFailed")}
        empty={{
          title: t("catalogue.empty"),
          icon: <Sparkles size={32} />,
          // Staff are told how products are created; shoppers get a friendly line (decision 060).
          description: staff ? t("catalogue.emptyStaff") : t("catalogue.emptyShopper"),
        }}
      >
        {(data) => (
          <Suspense fallback={<StateView kind="loading" label={t("catalogue.loading")} />}>
            <ProductBrowser products={data} onOpen={close} />
          </Suspense>
        )}
      </ResourceList>
    </Drawer>
  );
}
