import { Button } from "@telegram-apps/telegram-ui";
import { MessageCircleQuestion } from "lucide-react";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import type { Order } from "#api/contracts/checkout";
import { BottomSheet } from "../components/bottom-sheet";
import { PageHeader } from "../components/page-header";
import { useT } from "../i18n/use-t";
import { api, call } from "../lib/api";
import { formatShortDate } from "../lib/dates";
import { useResource } from "../lib/use-resource";
import { CancelOwnOrder } from "../orders/cancel-own-order";
import { itemsLabel, OrderDetail, OrderList, openOrder, orderStatusLabels } from "../orders/order-view";

async function fetchOrders(signal: AbortSignal): Promise<Order[]> {
  const body = await call(api.me.orders.$get(undefined, { init: { signal } }));
  return body.orders;
}

/**
 * /settings/purchases: the person's orders, newest first, or "No purchases yet". An order opens in
 * a sheet with its lines, delivery and status, and while placed Cancel order; staff moving it on
 * shows here at once (live).
 */
export default function PurchasesPage() {
  const { t } = useT();
  const [version, setVersion] = useState(0);
  const orders = useResource("my-orders", fetchOrders, { refetchOn: "orders", version });
  const refetch = useCallback(() => setVersion((v) => v + 1), []);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = openOrder(orders, openId);
  const navigate = useNavigate();
  return (
    <div className="page settings-page">
      <PageHeader title={t("purchases.title")} back="/settings" />
      <OrderList
        orders={orders}
        texts={{
          loading: t("purchases.loading"),
          failed: t("purchases.failed"),
          empty: t("purchases.empty"),
        }}
        row={{
          testId: "order",
          highlight: "fulfilled",
          about: (order) => `${formatShortDate(order.createdAt)} · ${itemsLabel(order)}`,
        }}
        onOpen={setOpenId}
      />
      {open ? (
        <BottomSheet
          open
          onClose={() => setOpenId(null)}
          title={t("purchases.order", { number: open.number })}
          description={orderStatusLabels[open.status]}
          footer={open.status === "placed" ? <CancelOwnOrder order={open} onChanged={refetch} /> : undefined}
        >
          <OrderDetail order={open} />
          <Button
            mode="bezeled"
            size="m"
            stretched
            className="ask-about-order"
            before={<MessageCircleQuestion size={18} aria-hidden="true" />}
            onClick={() => navigate(`/settings/help?order=${open.id}`)}
          >
            {t("purchases.askAboutOrder")}
          </Button>
        </BottomSheet>
      ) : null}
    </div>
  );
}
