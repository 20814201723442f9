import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import type { AdminProduct } from "#api/contracts/admin-products";
import { StateView } from "../../components/state-view";
import { t as translate } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
import { api, call } from "../../lib/api";
import { toast } from "../../lib/toast";
import { ProductForm } from "./product-form";
import { PRODUCTS_LIST } from "./product-form-rules";

/** /admin/edit-product/:id (staff): the product loaded into the form; "Failed to load product" goes back to the list. */
export default function EditProductPage() {
  const { t } = useT();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const [product, setProduct] = useState<AdminProduct | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    setProduct(null);
    call(api.admin.products[":id"].$get({ param: { id } }, { init: { signal: controller.signal } })).then(
      (body) => setProduct(body.product),
      () => {
        if (controller.signal.aborted) return;
        toast.error(translate("admin.productForm.loadFailed"));
        navigate(PRODUCTS_LIST, { replace: true });
      },
    );
    return () => controller.abort();
  }, [id, navigate]);
  if (!product) return <StateView kind="loading" label={t("admin.productForm.loading")} />;
  return <ProductForm key={product.id} product={product} />;
}
