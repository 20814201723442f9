import { TransNoContext } from "@lingui/react/server";
import { Badge, Button } from "@telegram-apps/telegram-ui";
import { Star, Undo2 } from "lucide-react";
import { useCallback, useId, useState } from "react";
import type { StarPayment } from "#api/contracts/plan-payments";
import { ConfirmSheet } from "../../components/confirm-sheet";
import { Stars } from "../../components/stars";
import { ResourceList } from "../../components/state-view";
import { i18n, t as translate } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage } from "../../lib/api";
import { formatShortDate } from "../../lib/dates";
import { toast } from "../../lib/toast";
import { useResource } from "../../lib/use-resource";
import { AdminList, AdminRow } from "../admin-row";

async function fetchPayments(signal: AbortSignal): Promise<StarPayment[]> {
  return (await call(api.admin.payments.$get(undefined, { init: { signal } }))).payments;
}

const memberOf = (payment: StarPayment) => payment.userName ?? translate("admin.payments.deletedAccount");

function PaymentRow({ payment, onRefund }: { payment: StarPayment; onRefund: () => void }) {
  const { t } = useT();
  const member = memberOf(payment);
  return (
    <AdminRow
      testId="star-payment"
      title={member}
      after={
        payment.refundedAt ? (
          <Badge type="number" mode="gray" className="admin-row-badge" data-testid="payment-refunded">
            {t("admin.payments.refundedBadge")}
          </Badge>
        ) : null
      }
    >
      <dl className="admin-row-facts star-payment-facts">
        <div>
          <dt>{t("admin.payments.tier")}</dt>
          <dd data-testid="payment-tier">{payment.tierName}</dd>
        </div>
        <div>
          <dt>{t("admin.payments.stars")}</dt>
          <dd data-testid="payment-stars">
            <Stars count={payment.stars} />
          </dd>
        </div>
        <div>
          <dt>{t("admin.payments.paid")}</dt>
          <dd data-testid="payment-date">{formatShortDate(payment.paidAt)}</dd>
        </div>
      </dl>
      <p className="star-payment-kind" data-testid="payment-kind">
        {t(payment.renewal ? "admin.payments.renewal" : "admin.payments.firstPayment")}
        {payment.expiresAt && !payment.refundedAt
          ? t("admin.payments.paidUntil", { date: formatShortDate(payment.expiresAt) })
          : ""}
      </p>
      {payment.refundedAt ? null : (
        <div className="admin-row-actions">
          <Button
            mode="plain"
            size="m"
            className="admin-row-button admin-row-delete"
            before={<Undo2 size={16} aria-hidden="true" />}
            aria-label={t("admin.payments.refundLabel", { name: member, stars: payment.stars })}
            onClick={onRefund}
          >
            {t("admin.payments.refund")}
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
  const { t } = useT();
  const refund = async () => {
    try {
      await call(api.admin.payments[":id"].refund.$post({ param: { id: payment.id } }));
      toast.success(t("admin.payments.refunded"));
    } catch (error) {
      toast.error(t("admin.payments.refundFailed"), { description: errorMessage(error) });
    }
    // Either way the list is read again: a refusal may mean someone refunded it meanwhile.
    onDone();
  };
  return (
    <ConfirmSheet
      title={t("admin.payments.refundQuestion")}
      action={t("admin.payments.refund")}
      className="tier-sheet"
      onConfirm={refund}
      onClose={onClose}
    >
      <TransNoContext
        lingui={{ i18n }}
        id="admin.payments.refundText"
        values={{ name: memberOf(payment), tier: payment.tierName, date: formatShortDate(payment.paidAt) }}
        components={{ 0: <Stars count={payment.stars} /> }}
      />
    </ConfirmSheet>
  );
}

/** Below the tiers: the Telegram Stars payments, newest first, each refundable once. */
export function StarPayments() {
  const { t } = useT();
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
        {t("admin.payments.title")}
      </h2>
      <ResourceList
        resource={payments}
        loadingLabel={t("admin.payments.loading")}
        errorMessage={t("admin.payments.loadFailed")}
        empty={{
          title: t("admin.payments.empty"),
          description: t("admin.payments.emptyHint"),
          icon: <Star size={36} />,
        }}
      >
        {(data) => (
          <AdminList label={t("admin.payments.title")}>
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
