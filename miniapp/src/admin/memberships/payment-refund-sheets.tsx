import { TransNoContext } from "@lingui/react/server";
import { Copy } from "lucide-react";
import type { StarPayment } from "#api/contracts/plan-payments";
import { ConfirmSheet } from "../../components/confirm-sheet";
import { Stars } from "../../components/stars";
import { i18n } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage } from "../../lib/api";
import { copyText } from "../../lib/clipboard";
import { formatShortDate } from "../../lib/dates";
import { toast } from "../../lib/toast";
import { payerName, paymentAmount } from "./payment-rules";

interface SheetProps {
  payment: StarPayment;
  onClose: () => void;
  /** Called after the answer, either way: the list is read again (someone may have refunded it meanwhile). */
  onDone: () => void;
}

/** Sends the refund (or the mark), says how it went, then onDone either way. */
async function settle(
  send: () => Promise<unknown>,
  said: { done: string; failed: string },
  onDone: () => void,
) {
  try {
    await send();
    toast.success(said.done);
  } catch (error) {
    toast.error(said.failed, { description: errorMessage(error) });
  }
  onDone();
}

/**
 * Refunding Stars gives them back through Telegram; for a payment that granted a plan, the member's
 * subscription ends at once. Confirmed first.
 */
export function RefundConfirmation({ payment, onClose, onDone }: SheetProps) {
  const { t } = useT();
  const refund = () =>
    settle(
      () => call(api.admin.payments[":id"].refund.$post({ param: { id: payment.id } })),
      { done: t("admin.payments.refunded"), failed: t("admin.payments.refundFailed") },
      onDone,
    );
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
        id={payment.flag ? "admin.payments.refundUnappliedText" : "admin.payments.refundText"}
        values={{
          name: payerName(payment),
          tier: payment.tierName ?? "",
          date: formatShortDate(payment.paidAt),
        }}
        components={{ 0: <Stars count={payment.stars} /> }}
      />
    </ConfirmSheet>
  );
}

/** The provider's charge id, to find the payment in the provider's dashboard, with a copy button. */
function ProviderChargeId({ id }: { id: string }) {
  const { t } = useT();
  const copy = async () => {
    if (await copyText(id)) toast.success(t("admin.payments.copied"), { description: id });
    else toast.error(t("admin.payments.copyFailed"));
  };
  return (
    <span className="payment-charge-id">
      <code data-testid="provider-charge-id">{id}</code>
      <button
        type="button"
        className="payment-copy"
        aria-label={t("admin.payments.copyCharge")}
        onClick={() => void copy()}
      >
        <Copy size={18} aria-hidden="true" />
      </button>
    </span>
  );
}

/**
 * A provider's payment: Telegram cannot refund it, so the admin refunds it at the provider (the
 * sheet says so, with the charge id to copy), then confirms here; a payment that granted a plan
 * ends it at once (decision 116).
 */
export function MarkRefundedConfirmation({ payment, onClose, onDone }: SheetProps) {
  const { t } = useT();
  const mark = () =>
    settle(
      () => call(api.admin.payments[":id"]["mark-refunded"].$post({ param: { id: payment.id } })),
      { done: t("admin.payments.marked"), failed: t("admin.payments.markFailed") },
      onDone,
    );
  return (
    <ConfirmSheet
      title={t("admin.payments.markQuestion")}
      action={t("admin.payments.markConfirm")}
      className="tier-sheet"
      onConfirm={mark}
      onClose={onClose}
    >
      <span className="payment-sheet-line">
        {t("admin.payments.markText", { amount: paymentAmount(payment), name: payerName(payment) })}
      </span>
      {payment.providerChargeId ? <ProviderChargeId id={payment.providerChargeId} /> : null}
      <span className="payment-sheet-line">
        {payment.flag
          ? t("admin.payments.markNothingGranted")
          : t("admin.payments.markEndsPlan", { tier: payment.tierName ?? "" })}
      </span>
    </ConfirmSheet>
  );
}
