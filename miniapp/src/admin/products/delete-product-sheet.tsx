import { Button } from "@telegram-apps/telegram-ui";
import { useState } from "react";
import type { AdminProduct } from "#api/contracts/admin-products";
import { BottomSheet } from "../../components/bottom-sheet";
import { api, call, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";

// Ours: the spec has no toasts for Delete.
export const deleteProductTexts = {
  deleted: "Product deleted",
  failed: "Failed to delete product",
} as const;

// While the delete is on its way the sheet stays: Escape, the backdrop and its X do nothing.
const stay = () => {};

/** Delete's confirmation (the spec's words): a soft delete, the product is marked inactive. */
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
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    onDeleting();
    try {
      await call(api.admin.products[":id"].$delete({ param: { id: product.id } }));
      toast.success(deleteProductTexts.deleted);
      onClose();
    } catch (error) {
      toast.error(deleteProductTexts.failed, { description: errorMessage(error) });
      setBusy(false);
    } finally {
      onDone();
    }
  };
  return (
    <BottomSheet
      open
      onClose={busy ? stay : onClose}
      title={`Delete ${product.title}?`}
      footer={
        <div className="admin-product-sheet-buttons">
          <Button mode="bezeled" size="l" stretched onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            size="l"
            stretched
            className="admin-product-delete-confirm"
            loading={busy}
            onClick={() => void remove()}
          >
            Delete
          </Button>
        </div>
      }
    >
      <p className="admin-product-sheet-text">
        This product will be marked inactive and will no longer be visible to customers.
      </p>
    </BottomSheet>
  );
}
