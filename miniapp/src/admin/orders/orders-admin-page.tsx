import { Button, SegmentedControl } from "@telegram-apps/telegram-ui";
import { useCallback, useState } from "react";
import type { Order, OrderStatus } from "#api/contracts/checkout";
import { BottomSheet } from "../../components/bottom-sheet";
import { PageHeader } from "../../components/page-header";
import type { AdminTextKey } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
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
const filters: [OrderFilter, AdminTextKey][] = [
  ["all", "admin.orders.all"],
  ["placed", "admin.orders.placed"],
  ["fulfilled", "admin.orders.fulfilled"],
  ["cancelled", "admin.orders.cancelled"],
];

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
  const { t } = useT();
  const [busy, setBusy] = useState<"fulfilled" | "cancelled" | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const move = async (status: "fulfilled" | "cancelled") => {
    setBusy(status);
    try {
      await call(api.admin.orders[":id"].$patch({ param: { id: order.id }, json: { status } }));
      toast.success(
        t(status === "fulfilled" ? "admin.orders.fulfilledToast" : "admin.orders.cancelledToast", {
          number: order.number,
        }),
      );
      onChanged();
      onClose();
    } catch (error) {
      toast.error(t("admin.orders.updateFailed"), { description: errorMessage(error) });
      onChanged();
    } finally {
      setBusy(null);
    }
  };
  const footer =
    order.status !== "placed" ? undefined : confirmCancel ? (
      <CancelConfirm
        question={t("admin.orders.cancelQuestion")}
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
          {t("admin.orders.markFulfilled")}
        </Button>
        <Button
          size="l"
          stretched
          mode="bezeled"
          disabled={busy !== null}
          onClick={() => setConfirmCancel(true)}
        >
          {t("admin.orders.cancelOrder")}
        </Button>
      </div>
    );
  return (
    <BottomSheet
      open
      onClose={onClose}
      title={t("admin.orders.orderTitle", { number: order.number })}
      description={orderStatusLabels[order.status]}
      footer={footer}
    >
      <OrderDetail order={order} />
    </BottomSheet>
  );
}

/** /admin/orders (staff): every order, by status, newest first; an order opens in a sheet. */
export default function OrdersAdminPage() {
  const { t } = useT();
  const [filter, setFilter] = useState<OrderFilter>("all");
  const [version, setVersion] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const orders = useResource(`admin-orders:${filter}`, fetchOrders(filter), { version, refetchOn: "orders" });
  const open = openOrder(orders, openId);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return (
    <div className="page settings-page">
      <PageHeader title={t("admin.menu.orders")} back={useStaffBack()} />
      <OrdersExport />
      <SegmentedControl className="order-filter" aria-label={t("admin.common.show")}>
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
            {t(label)}
          </SegmentedControl.Item>
        ))}
      </SegmentedControl>
      <div role="tabpanel" id="orders-panel" aria-labelledby={`orders-tab-${filter}`}>
        <OrderList
          orders={orders}
          texts={{
            loading: t("admin.orders.loading"),
            failed: t("admin.orders.loadFailed"),
            empty: t("admin.orders.empty"),
          }}
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
