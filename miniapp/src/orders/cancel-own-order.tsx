import { Button } from "@telegram-apps/telegram-ui";
import { useState } from "react";
import type { Order } from "#api/contracts/checkout";
import { api, call, errorMessage } from "../lib/api";
import { toast } from "../lib/toast";
import { CancelConfirm } from "./cancel-confirm";

const cancelOwnTexts = {
  question: "Cancel this order? Its credits go back to this month's budget.",
  cancelled: (number: number) => `Order #${number} cancelled`,
  failed: "Failed to cancel order",
} as const;

/**
 * A member's placed order: "Cancel order…", then the confirmation. Either way the order is loaded
 * again (`onChanged`): cancelled, or moved on by staff meanwhile (the toast says the server's why).
 */
export function CancelOwnOrder({ order, onChanged }: { order: Order; onChanged: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancel = async () => {
    setCancelling(true);
    try {
      await call(api.me.orders[":id"].cancel.$post({ param: { id: order.id } }));
      toast.success(cancelOwnTexts.cancelled(order.number));
    } catch (error) {
      toast.error(cancelOwnTexts.failed, { description: errorMessage(error) });
    } finally {
      setCancelling(false);
      setConfirming(false);
      onChanged();
    }
  };
  if (confirming) {
    return (
      <CancelConfirm
        question={cancelOwnTexts.question}
        cancelling={cancelling}
        onKeep={() => setConfirming(false)}
        onCancel={() => void cancel()}
      />
    );
  }
  return (
    <div className="order-actions">
      <Button size="l" stretched mode="bezeled" onClick={() => setConfirming(true)}>
        Cancel order…
      </Button>
    </div>
  );
}
