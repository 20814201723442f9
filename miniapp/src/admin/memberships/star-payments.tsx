import { Badge, Button } from "@telegram-apps/telegram-ui";
import { Star, Undo2 } from "lucide-react";
import { useCallback, useId, useState } from "react";
import type { StarPayment } from "#api/contracts/plan-payments";
import { ConfirmSheet } from "../../components/confirm-sheet";
import { Stars } from "../../components/stars";
import { ResourceList } from "../../components/state-view";
import { api, call, errorMessage } from "../../lib/api";
import { formatShortDate } from "../../lib/dates";
import { toast } from "../../lib/toast";
import { useResource } from "../../lib/use-resource";
import { AdminList, AdminRow } from "../admin-row";

async function fetchPayments(signal: AbortSignal): Promise<StarPayment[]> {
  return (await call(api.admin.payments.$get(undefined, { init: { signal } }))).payments;
}

export const paymentTexts = {
  refunded: "Payment refunded",
  refundFailed: "Refund failed",
} as const;

const memberOf = (payment: StarPayment) => payment.userName ?? "Deleted account";

function PaymentRow({ payment, onRefund }: { payment: StarPayment; onRefund: () => void }) {
  const member = memberOf(payment);
  return (
    <AdminRow
      testId="star-payment"
      title={member}
      after={
        payment.refundedAt ? (
          <Badge type="number" mode="gray" className="admin-row-badge" data-testid="payment-refunded">
            Refunded
          </Badge>
        ) : null
      }
    >
      <dl className="admin-row-facts star-payment-facts">
        <div>
          <dt>Tier</dt>
          <dd data-testid="payment-tier">{payment.tierName}</dd>
        </div>
        <div>
          <dt>Stars</dt>
          <dd data-testid="payment-stars">
            <Stars count={payment.stars} />
          </dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd data-testid="payment-date">{formatShortDate(payment.paidAt)}</dd>
        </div>
      </dl>
      <p className="star-payment-kind" data-testid="payment-kind">
        {payment.renewal ? "Renewal" : "First payment"}
        {payment.expiresAt && !payment.refundedAt
          ? ` · paid until ${formatShortDate(payment.expiresAt)}`
          : ""}
      </p>
      {payment.refundedAt ? null : (
        <div className="admin-row-actions">
          <Button
            mode="plain"
            size="m"
            className="admin-row-button admin-row-delete"
            before={<Undo2 size={16} aria-hidden="true" />}
            aria-label={`Refund ${member}'s payment of ${payment.stars} Stars`}
            onClick={onRefund}
          >
            Refund
          </Button>
        </div>
      )}
    </AdminRow>
  );
}

/** Refunding gives the Stars back and ends the member's subscription at once: confirmed first. */
function RefundConfirmation({
  payment,
  onClose,
  onDone,
}: {
  payment: StarPayment;
  onClose: () => void;
  onDone: () => void;
}) {
  const refund = async () => {
    try {
      await call(api.admin.payments[":id"].refund.$post({ param: { id: payment.id } }));
      toast.success(paymentTexts.refunded);
    } catch (error) {
      toast.error(paymentTexts.refundFailed, { description: errorMessage(error) });
    }
    // Either way the list is read again: a refusal may mean someone refunded it meanwhile.
    onDone();
  };
  return (
    <ConfirmSheet
      title="Refund this payment?"
      action="Refund"
      className="tier-sheet"
      onConfirm={refund}
      onClose={onClose}
    >
      {memberOf(payment)} gets <Stars count={payment.stars} /> back for {payment.tierName}, paid on{" "}
      {formatShortDate(payment.paidAt)}, and their subscription ends at once.
    </ConfirmSheet>
  );
}

/** Below the tiers: the Telegram Stars payments, newest first, each refundable once. */
export function StarPayments() {
  const titleId = useId();
  const [version, setVersion] = useState(0);
  const payments = useResource("admin-star-payments", fetchPayments, { version });
  const [refunding, setRefunding] = useState<StarPayment | null>(null);
  const close = useCallback(() => setRefunding(null), []);
  const done = useCallback(() => {
    setRefunding(null);
    setVersion((v) => v + 1);
  }, []);
  return (
    <section className="star-payments" aria-labelledby={titleId}>
      <h2 id={titleId} className="star-payments-title">
        Telegram Stars payments
      </h2>
      <ResourceList
        resource={payments}
        loadingLabel="Loading Stars payments"
        errorMessage="Failed to load Stars payments"
        empty={{
          title: "No Stars payments yet",
          description: "Payments appear here when members buy a tier with Telegram Stars.",
          icon: <Star size={36} />,
        }}
      >
        {(data) => (
          <AdminList label="Telegram Stars payments">
            {data.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} onRefund={() => setRefunding(payment)} />
            ))}
          </AdminList>
        )}
      </ResourceList>
      {refunding ? <RefundConfirmation payment={refunding} onClose={close} onDone={done} /> : null}
    </section>
  );
}
