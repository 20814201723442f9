import { Button, SegmentedControl } from "@telegram-apps/telegram-ui";
import { useCallback, useState } from "react";
import type { Order, OrderStatus } from "#api/contracts/checkout";
import { BottomSheet } from "../../components/bottom-sheet";
import { PageHeader } from "../../components/page-header";
import { api, call, errorMessage } from "../../lib/api";
import { formatShortDate } from "../../lib/dates";
import { toast } from "../../lib/toast";
import { useResource } from "../../lib/use-resource";
import { CancelConfirm } from "../../orders/cancel-confirm";
import { itemsLabel, OrderDetail, OrderList, openOrder, orderStatusLabels } from "../../orders/order-view";
import { useStaffBack } from "../../state/roles";
import "./orders-admin-page.css";
import { OrdersExport } from "./orders-export";

type OrderFilter = "all" | OrderStatus;
const filters: [OrderFilter, string][] = [
  ["all", "All"],
  ["placed", "Placed"],
  ["fulfilled", "Fulfilled"],
  ["cancelled", "Cancelled"],
];
export const orderTexts = {
  fulfilled: (number: number) => `Order #${number} fulfilled`,
  cancelled: (number: number) => `Order #${number} cancelled`,
  failed: "Failed to update order",
} as const;

const fetchOrders = (filter: OrderFilter) => async (signal: AbortSignal) =>
  (
    await call(
      api.admin.orders.$get({ query: filter === "all" ? {} : { status: filter } }, { init: { signal } }),
    )
  ).orders;

/** One order in full: lines, delivery, and (while placed) Mark fulfilled or Cancel order. */
function OrderSheet({
  order,
  onClose,
  onChanged,
}: {
  order: Order;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState<"fulfilled" | "cancelled" | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const move = async (status: "fulfilled" | "cancelled") => {
    setBusy(status);
    try {
      await call(api.admin.orders[":id"].$patch({ param: { id: order.id }, json: { status } }));
      toast.success(
        status === "fulfilled" ? orderTexts.fulfilled(order.number) : orderTexts.cancelled(order.number),
      );
      onChanged();
      onClose();
    } catch (error) {
      toast.error(orderTexts.failed, { description: errorMessage(error) });
      onChanged();
    } finally {
      setBusy(null);
    }
  };
  const footer =
    order.status !== "placed" ? undefined : confirmCancel ? (
      <CancelConfirm
        question="Cancel this order? Its stock and credits go back."
        cancelling={busy === "cancelled"}
        onKeep={() => setConfirmCancel(false)}
        onCancel={() => void move("cancelled")}
      />
    ) : (
      <div className="order-actions">
        <Button
          size="l"
          stretched
          loading={busy === "fulfilled"}
          disabled={busy !== null}
          onClick={() => void move("fulfilled")}
        >
          Mark fulfilled
        </Button>
        <Button
          size="l"
          stretched
          mode="bezeled"
          disabled={busy !== null}
          onClick={() => setConfirmCancel(true)}
        >
          Cancel order…
        </Button>
      </div>
    );
  return (
    <BottomSheet
      open
      onClose={onClose}
      title={`Order #${order.number}`}
      description={orderStatusLabels[order.status]}
      footer={footer}
    >
      <OrderDetail order={order} />
    </BottomSheet>
  );
}

/** /admin/orders (staff): every order, by status, newest first; an order opens in a sheet. */
export default function OrdersAdminPage() {
  const [filter, setFilter] = useState<OrderFilter>("all");
  const [version, setVersion] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const orders = useResource(`admin-orders:${filter}`, fetchOrders(filter), { version, refetchOn: "orders" });
  const open = openOrder(orders, openId);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return (
    <div className="page settings-page">
      <PageHeader title="Orders" back={useStaffBack()} />
      <OrdersExport />
      <SegmentedControl className="order-filter" aria-label="Show">
        {filters.map(([key, label]) => (
          <SegmentedControl.Item
            key={key}
            type="button"
            id={`orders-tab-${key}`}
            selected={filter === key}
            aria-selected={filter === key}
            aria-controls="orders-panel"
            className="order-filter-item"
            onClick={() => setFilter(key)}
          >
            {label}
          </SegmentedControl.Item>
        ))}
      </SegmentedControl>
      <div role="tabpanel" id="orders-panel" aria-labelledby={`orders-tab-${filter}`}>
        <OrderList
          orders={orders}
          texts={{ loading: "Loading orders", failed: "Failed to load orders", empty: "No orders yet" }}
          row={{
            testId: "admin-order",
            highlight: "placed",
            about: (order) =>
              `${formatShortDate(order.createdAt)} · ${order.delivery.name} (${order.delivery.state}) · ${itemsLabel(order)}`,
          }}
          onOpen={setOpenId}
        />
      </div>
      {open ? <OrderSheet order={open} onClose={() => setOpenId(null)} onChanged={reload} /> : null}
    </div>
  );
}
