import { Receipt } from "lucide-react";
import type { OwnOrders } from "#api/contracts/account";
import { PageHeader } from "../../components/page-header";
import { Spinner } from "../../components/spinner";
import { api, errorMessage, failure } from "../../lib/api";
import { formatShortDate } from "../../lib/dates";
import { formatCredits } from "../../lib/format";
import { useResource } from "../../lib/use-resource";

const statusLabels: Record<OwnOrders["orders"][number]["status"], string> = {
  pending: "Pending",
  paid: "Paid",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

async function fetchOrders(signal: AbortSignal): Promise<OwnOrders["orders"]> {
  const response = await api.me.orders.$get(undefined, { init: { signal } });
  if (!response.ok) throw await failure(response);
  return ((await response.json()) as OwnOrders).orders;
}

/** /settings/purchases: the person's orders, or "No purchases yet". */
export default function PurchasesPage() {
  const orders = useResource("my-orders", fetchOrders);
  return (
    <div className="page settings-page">
      <PageHeader title="Purchases" back="/settings" />
      {orders.status === "loading" ? <Spinner label="Loading purchases" /> : null}
      {orders.status === "error" ? (
        <div className="state-message">
          <p>{errorMessage(orders.error, "Failed to load purchases")}</p>
          <button type="button" className="button button-secondary" onClick={orders.reload}>
            Retry
          </button>
        </div>
      ) : null}
      {orders.status === "ready" && orders.data.length === 0 ? (
        <div className="state-message">
          <Receipt size={36} className="state-icon" aria-hidden="true" />
          <p className="state-title">No purchases yet</p>
        </div>
      ) : null}
      {orders.status === "ready" && orders.data.length > 0 ? (
        <ul className="order-list">
          {orders.data.map((order) => (
            <li key={order.id} className="order" data-testid="order">
              <span>{formatShortDate(order.createdAt)}</span>
              <span className="order-total">{formatCredits(order.totalCredits)}</span>
              <span className={`badge badge-status badge-${order.status}`}>{statusLabels[order.status]}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
