import type { AdminProduct } from "#api/contracts/admin-products";
import { ConfirmSheet } from "../../components/confirm-sheet";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";

/** Delete's confirmation (the original product's words): a soft delete, the product is marked inactive. */
export function DeleteProductSheet({
  product,
  onClose,
  onDeleting,
  onDone,
}: {
  product: AdminProduct;
  onClose: () => void;
  onDeleting: () => void;
  onDone: () => void;
}) {
  const { t } = useT();
  // Ours: the original product has no toasts for Delete (decision 042).
  const remove = async () => {
    onDeleting();
    try {
      await call(api.admin.products[":id"].$delete({ param: { id: product.id } }));
      toast.success(t("admin.products.deleted"));
      onClose();
    } catch (error) {
      toast.error(t("admin.products.deleteFailed"), { description: errorMessage(error) });
    } finally {
      onDone();
    }
  };
  return (
    <ConfirmSheet
      title={t("admin.common.deleteQuestion", { name: product.title })}
      action={t("admin.common.delete")}
      onConfirm={remove}
      onClose={onClose}
    >
      {t("admin.products.deleteText")}
    </ConfirmSheet>
  );
}
