import { Button } from "@telegram-apps/telegram-ui";
import { Package, Upload } from "lucide-react";
import { useCallback, useState } from "react";
import type { AdminProduct } from "#api/contracts/admin-products";
import { ExportButton } from "../../components/export-button";
import { LinkButton } from "../../components/link-button";
import { PageHeader } from "../../components/page-header";
import { PagedList } from "../../components/paged-list";
import { ResourceView } from "../../components/state-view";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage } from "../../lib/api";
import { usePageCount } from "../../lib/paged-list";
import { toast } from "../../lib/toast";
import { SEARCH_DELAY_MS, useDebounced } from "../../lib/use-debounced";
import { useResource } from "../../lib/use-resource";
import { useIsAdmin, useStaffBack } from "../../state/roles";
import { AdminList } from "../admin-row";
import { AdminProductCard } from "./admin-product-card";
import { DeleteProductSheet } from "./delete-product-sheet";
import { useLiveProducts } from "./live-products";
import { defaultProductFilters, ProductFilters, type ProductFilterValues } from "./product-filters";
import { fetchProductPages, sameFilters } from "./product-pages";
import "./products-admin-page.css";

/**
 * /admin/products (staff): the catalogue with its search and filters, a page at a time ("Load
 * more"), each product's Edit, Activate/Deactivate and Delete; other staff's changes arrive live.
 */
export default function ProductsAdminPage() {
  const { t } = useT();
  const back = useStaffBack();
  const isAdmin = useIsAdmin();

  const [typed, setTyped] = useState<ProductFilterValues>(defaultProductFilters);
  const search = useDebounced(typed.search.trim(), SEARCH_DELAY_MS);
  const filters = { ...typed, search };
  const key = `admin-products:${JSON.stringify(filters)}`;
  const [pages, loadMore] = usePageCount(key);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const markOwn = useLiveProducts(reload);
  const list = useResource(key, fetchProductPages(filters, pages), {
    // Both only grow for one key: a live change, an action or Load more refetches in place.
    version: version + pages,
  });

  const [busyId, setBusyId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);

  const toggle = async (product: AdminProduct) => {
    setBusyId(product.id);
    markOwn(product.id);
    try {
      await call(
        api.admin.products[":id"].$patch({
          param: { id: product.id },
          json: { isActive: !product.isActive },
        }),
      );
      toast.success(t(product.isActive ? "admin.products.deactivated" : "admin.products.activated"));
    } catch (error) {
      toast.error(t("admin.products.statusFailed"), { description: errorMessage(error) });
    } finally {
      setBusyId(null);
      reload();
    }
  };

  const narrowed = !sameFilters(filters, defaultProductFilters);
  return (
    <div className="page settings-page">
      <PageHeader title={t("admin.menu.products")} back={back}>
        {/* The products export is for admins; moderators and employees edit products only. */}
        {isAdmin ? <ExportButton path="/api/admin/exports/products.csv" fallbackName="products.csv" /> : null}
      </PageHeader>
      <ProductFilters
        values={typed}
        onChange={setTyped}
        action={
          <LinkButton
            to="/admin/upload-products"
            size="m"
            className="admin-products-upload"
            before={<Upload size={16} aria-hidden="true" />}
          >
            {t("admin.menu.uploadProducts")}
          </LinkButton>
        }
      />
      <ResourceView
        resource={list}
        loadingLabel={t("admin.products.loading")}
        showLoadingLabel
        errorMessage={t("admin.products.loadFailed")}
        isEmpty={(data) => data.items.length === 0}
        empty={
          narrowed
            ? {
                title: t("admin.products.noneFound"),
                description: t("admin.products.noneFoundHint"),
                icon: <Package size={36} />,
                action: (
                  <Button mode="bezeled" size="m" onClick={() => setTyped(defaultProductFilters)}>
                    {t("admin.products.clearFilters")}
                  </Button>
                ),
              }
            : {
                title: t("admin.products.empty"),
                description: t("admin.products.emptyHint"),
                icon: <Package size={36} />,
                action: (
                  <LinkButton to="/admin/upload-products" mode="bezeled" size="m">
                    {t("admin.products.addFirst")}
                  </LinkButton>
                ),
              }
        }
      >
        {(data) => (
          <PagedList data={data} pages={pages} onMore={loadMore}>
            <AdminList label={t("admin.menu.products")}>
              {data.items.map((product) => (
                <AdminProductCard
                  key={product.id}
                  product={product}
                  busy={busyId === product.id}
                  onToggle={() => void toggle(product)}
                  onDelete={() => setDeleting(product)}
                />
              ))}
            </AdminList>
          </PagedList>
        )}
      </ResourceView>
      {deleting ? (
        <DeleteProductSheet
          product={deleting}
          onClose={() => setDeleting(null)}
          onDeleting={() => markOwn(deleting.id)}
          onDone={reload}
        />
      ) : null}
    </div>
  );
}
