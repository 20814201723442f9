import { Badge } from "@telegram-apps/telegram-ui";
import { Receipt } from "lucide-react";
import type { OwnOrders } from "#api/contracts/account";
import { PageHeader } from "../../components/page-header";
import { ResourceView } from "../../components/state-view";
import { api, call, errorMessage } from "../../lib/api";
import { formatShortDate } from "../../lib/dates";
import { formatCredits } from "../../lib/format";
import { useResource } from "../../lib/use-resource";
import "./purchases-page.css";

const statusLabels: Record<OwnOrders["orders"][number]["status"], string> = {
  pending: "Pending",
  paid: "Paid",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

async function fetchOrders(signal: AbortSignal): Promise<OwnOrders["orders"]> {
  const body = await call(api.me.orders.$get(undefined, { init: { signal } }));
  return body.orders;
}

/** /settings/purchases: the person's orders, or "No purchases yet". */
export default function PurchasesPage() {
  const orders = useResource("my-orders", fetchOrders);
  return (
    <div className="page settings-page">
      <PageHeader title="Purchases" back="/settings" />
      <ResourceView
        resource={orders}
        loadingLabel="Loading purchases"
        errorMessage={errorMessage(
          orders.status === "error" ? orders.error : null,
          "Failed to load purchases",
        )}
        isEmpty={(data) => data.length === 0}
        empty={{ title: "No purchases yet", icon: <Receipt size={36} /> }}
      >
        {(data) => (
          <ul className="card-list">
            {data.map((order) => (
              <li key={order.id} className="order" data-testid="order">
                <span>{formatShortDate(order.createdAt)}</span>
                <span className="order-total">{formatCredits(order.totalCredits)}</span>
                <Badge type="number" mode={order.status === "paid" ? "primary" : "gray"}>
                  {statusLabels[order.status]}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </ResourceView>
    </div>
  );
}
