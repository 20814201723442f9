import type { AdminProduct } from "#api/contracts/admin-products";
import { ConfirmSheet } from "../../components/confirm-sheet";
import { api, call, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";

// Ours: the original product has no toasts for Delete (decision 042).
export const deleteProductTexts = {
  deleted: "Product deleted",
  failed: "Failed to delete product",
} as const;

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
  const remove = async () => {
    onDeleting();
    try {
      await call(api.admin.products[":id"].$delete({ param: { id: product.id } }));
      toast.success(deleteProductTexts.deleted);
      onClose();
    } catch (error) {
      toast.error(deleteProductTexts.failed, { description: errorMessage(error) });
    } finally {
      onDone();
    }
  };
  return (
    <ConfirmSheet title={`Delete ${product.title}?`} action="Delete" onConfirm={remove} onClose={onClose}>
      This product will be marked inactive and will no longer be visible to customers.
    </ConfirmSheet>
  );
}
