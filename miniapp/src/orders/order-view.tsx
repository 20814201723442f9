import { Badge, Cell, Section } from "@telegram-apps/telegram-ui";
import { Receipt } from "lucide-react";
import type { ReactNode } from "react";
import type { Order, OrderStatus } from "#api/contracts/checkout";
import { stateName } from "#api/contracts/us-states";
import { ResourceList } from "../components/state-view";
import { t } from "../i18n/i18n";
import { useT } from "../i18n/use-t";
import { errorMessage } from "../lib/api";
import { formatShortDate } from "../lib/dates";
import { formatCredits } from "../lib/format";
import type { Resource } from "../lib/use-resource";
import "./order-view.css";

/** Each status's word, in the app's language when it is read (at render). */
export const orderStatusLabels: Readonly<Record<OrderStatus, string>> = {
  get placed() {
    return t("orders.statusPlaced");
  },
  get fulfilled() {
    return t("orders.statusFulfilled");
  },
  get cancelled() {
    return t("orders.statusCancelled");
  },
};

const itemCount = (order: Order) => order.lines.reduce((sum, line) => sum + line.quantity, 0);
export const itemsLabel = (order: Order) => t("orders.items", { count: itemCount(order) });

/** One order in a list, a kit cell: number, a line about it, total and status; opens the order. */
function OrderRow({
  order,
  about,
  onOpen,
  testId,
  highlight,
}: {
  order: Order;
  about: ReactNode;
  onOpen: () => void;
  testId: string;
  /** The status that wants attention here (staff: placed; members: fulfilled). */
  highlight: OrderStatus;
}) {
  return (
    <Cell
      Component="button"
      type="button"
      className="order-row"
      data-testid={testId}
      onClick={onOpen}
      subtitle={about}
      multiline
      after={
        <span className="order-row-end">
          <span className="order-row-total">{formatCredits(order.total)}</span>
          <Badge type="number" mode={order.status === highlight ? "primary" : "gray"}>
            {orderStatusLabels[order.status]}
          </Badge>
        </span>
      }
    >
      <span className="order-row-number">#{order.number}</span>
    </Cell>
  );
}

/** An order in full: its lines at the prices paid, the total, the delivery and when it was placed. */
export function OrderDetail({ order }: { order: Order }) {
  const { t } = useT();
  return (
    <div className="order-detail">
      <ul className="order-detail-lines" aria-label={t("orders.itemsLabel")}>
        {/* One line per product (the checkout refuses a product twice); a deleted one keeps its title. */}
        {order.lines.map((line) => (
          <li key={`${line.productId ?? "gone"}:${line.title}`}>
            <span>
              {line.title} × {line.quantity}
            </span>
            <span>{formatCredits(line.subtotal)}</span>
          </li>
        ))}
        <li className="order-detail-total">
          <span>{t("orders.total")}</span>
          <span>{formatCredits(order.total)}</span>
        </li>
      </ul>
      <section aria-label={t("orders.delivery")} className="order-delivery">
        <p className="order-delivery-name">{order.delivery.name}</p>
        <p>{order.delivery.address}</p>
        <p>{stateName(order.delivery.state)}</p>
      </section>
      <p className="order-placed-at">{t("orders.placedOn", { date: formatShortDate(order.createdAt) })}</p>
    </div>
  );
}

/** A list of orders as loaded (loading, failure with Retry, empty), each row opening its order. */
export function OrderList({
  orders,
  texts,
  row,
  onOpen,
}: {
  orders: Resource<Order[]> & { reload: () => void };
  texts: { loading: string; failed: string; empty: string };
  row: { testId: string; highlight: OrderStatus; about: (order: Order) => string };
  onOpen: (id: string) => void;
}) {
  const { t } = useT();
  return (
    <ResourceList
      resource={orders}
      loadingLabel={texts.loading}
      errorMessage={errorMessage(orders.status === "error" ? orders.error : null, texts.failed)}
      empty={{ title: texts.empty, icon: <Receipt size={36} /> }}
    >
      {(data) => (
        <Section className="order-list" aria-label={t("orders.list")}>
          {data.map((order) => (
            <OrderRow
              key={order.id}
              order={order}
              testId={row.testId}
              highlight={row.highlight}
              about={row.about(order)}
              onOpen={() => onOpen(order.id)}
            />
          ))}
        </Section>
      )}
    </ResourceList>
  );
}

/** The open order as last loaded, so a live change reaches an open sheet too. */
export const openOrder = (orders: Resource<Order[]>, id: string | null): Order | undefined =>
  orders.status === "ready" ? orders.data.find((order) => order.id === id) : undefined;
