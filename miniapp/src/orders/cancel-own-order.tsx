import { Button } from "@telegram-apps/telegram-ui";
import { useState } from "react";
import type { Order } from "#api/contracts/checkout";
import { useT } from "../i18n/use-t";
import { api, call, errorMessage } from "../lib/api";
import { toast } from "../lib/toast";
import { CancelConfirm } from "./cancel-confirm";

/**
 * A member's placed order: "Cancel order…", then the confirmation. Either way the order is loaded
 * again (`onChanged`): cancelled, or moved on by staff meanwhile (the toast says the server's why).
 */
export function CancelOwnOrder({ order, onChanged }: { order: Order; onChanged: () => void }) {
  const { t } = useT();
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancel = async () => {
    setCancelling(true);
    try {
      await call(api.me.orders[":id"].cancel.$post({ param: { id: order.id } }));
      toast.success(t("orders.cancelled", { number: order.number }));
    } catch (error) {
      toast.error(t("orders.cancelFailed"), { description: errorMessage(error) });
    } finally {
      setCancelling(false);
      setConfirming(false);
      onChanged();
    }
  };
  if (confirming) {
    return (
      <CancelConfirm
        question={t("orders.cancelQuestion")}
        cancelling={cancelling}
        onKeep={() => setConfirming(false)}
        onCancel={() => void cancel()}
      />
    );
  }
  return (
    <div className="order-actions">
      <Button size="l" stretched mode="bezeled" onClick={() => setConfirming(true)}>
        {t("orders.cancelStart")}
      </Button>
    </div>
  );
}
