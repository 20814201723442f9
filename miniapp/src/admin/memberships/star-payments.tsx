import { Badge, Button } from "@telegram-apps/telegram-ui";
import { BadgeCheck, Star, Undo2 } from "lucide-react";
import { useCallback, useId, useState } from "react";
import type { StarPayment } from "#api/contracts/plan-payments";
import { Stars } from "../../components/stars";
import { ResourceList } from "../../components/state-view";
import { useT } from "../../i18n/use-t";
import { api, call } from "../../lib/api";
import { formatShortDate } from "../../lib/dates";
import { useResource } from "../../lib/use-resource";
import { AdminList, AdminRow } from "../admin-row";
import { MarkRefundedConfirmation, RefundConfirmation } from "./payment-refund-sheets";
import { payerName, paymentAmount, paymentBadge, refundWay, whyNotApplied } from "./payment-rules";
import "./star-payments.css";

async function fetchPayments(signal: AbortSignal): Promise<StarPayment[]> {
  return (await call(api.admin.payments.$get(undefined, { init: { signal } }))).payments;
}

const badgeTexts = {
  refunded: "admin.payments.refundedBadge",
  unmatched: "admin.payments.unmatchedBadge",
  flagged: "admin.payments.flaggedBadge",
} as const;

function PaymentRow({ payment, onRefund }: { payment: StarPayment; onRefund: () => void }) {
  const { t } = useT();
  const member = payerName(payment);
  const badge = paymentBadge(payment);
  const why = whyNotApplied(payment);
  const stars = refundWay(payment) === "stars";
  return (
    <AdminRow
      testId="star-payment"
      title={member}
      after={
        badge ? (
          <Badge
            type="number"
            mode={badge === "refunded" ? "gray" : "critical"}
            className={badge === "refunded" ? "admin-row-badge" : "admin-row-badge star-payment-alert"}
            data-testid={`payment-${badge}`}
          >
            {t(badgeTexts[badge])}
          </Badge>
        ) : null
      }
    >
      <dl className="admin-row-facts star-payment-facts">
        <div>
          <dt>{t("admin.payments.tier")}</dt>
          <dd data-testid="payment-tier">{payment.tierName ?? "—"}</dd>
        </div>
        <div>
          <dt>{t("admin.payments.amount")}</dt>
          <dd data-testid="payment-amount">
            {stars ? <Stars count={payment.stars} /> : paymentAmount(payment)}
          </dd>
        </div>
        <div>
          <dt>{t("admin.payments.paid")}</dt>
          <dd data-testid="payment-date">{formatShortDate(payment.paidAt)}</dd>
        </div>
      </dl>
      <p className="star-payment-kind" data-testid="payment-kind">
        {stars ? "" : `${t("admin.payments.byCard")} · `}
        {t(payment.renewal ? "admin.payments.renewal" : "admin.payments.firstPayment")}
        {payment.expiresAt && !payment.refundedAt
          ? t("admin.payments.paidUntil", { date: formatShortDate(payment.expiresAt) })
          : ""}
      </p>
      {why ? (
        <>
          <p className="star-payment-why" data-testid="payment-why">
            {why}
          </p>
          <p className="star-payment-ids" data-testid="payment-charge">
            {t("admin.payments.chargeLine", { payer: payment.telegramId, charge: payment.chargeId })}
          </p>
        </>
      ) : null}
      {payment.refundedAt ? null : (
        <div className="admin-row-actions">
          <Button
            mode="plain"
            size="m"
            className="admin-row-button admin-row-delete"
            before={
              stars ? <Undo2 size={16} aria-hidden="true" /> : <BadgeCheck size={16} aria-hidden="true" />
            }
            aria-label={
              stars
                ? t("admin.payments.refundLabel", { name: member, stars: payment.stars })
                : t("admin.payments.markRefundedLabel", { name: member, amount: paymentAmount(payment) })
            }
            onClick={onRefund}
          >
            {t(stars ? "admin.payments.refund" : "admin.payments.markRefunded")}
          </Button>
        </div>
      )}
    </AdminRow>
  );
}

/**
 * Below the tiers: the plan payments through Telegram, those not applied and not refunded first
 * (badged, with why, the payer and the charge), then the newest; each refundable once, its own way
 * (decision 116).
 */
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
  const Sheet =
    refunding && refundWay(refunding) === "provider" ? MarkRefundedConfirmation : RefundConfirmation;
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
      {refunding ? <Sheet payment={refunding} onClose={close} onDone={done} /> : null}
    </section>
  );
}
