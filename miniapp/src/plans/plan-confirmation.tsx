import { Button } from "@telegram-apps/telegram-ui";
import { useSetAtom } from "jotai";
import { useState } from "react";
import type { Plan, Tier } from "#api/contracts/plans";
import { BottomSheet } from "../components/bottom-sheet";
import { Stars } from "../components/stars";
import { translateMessage } from "../i18n/i18n";
import { useT } from "../i18n/use-t";
import { errorMessage, LoadError } from "../lib/api";
import { toast } from "../lib/toast";
import { telegram } from "../telegram/controls";
import { planVersionAtom } from "./plan";
import { changePlan, createInvoice, waitForTier } from "./plan-api";
import {
  changeSentence,
  confirmationTitle,
  invoiceAmount,
  isUpgrade,
  newCostText,
  PLAN_UPDATE_FAILED,
  planChangedText,
  planPath,
  planPaymentTexts,
} from "./plan-rules";

/**
 * A refusal the server explains (a tier gone or made inactive meanwhile) shows its message; a
 * server fault or a lost connection shows PLAN_UPDATE_FAILED (in the app's language) rather than a
 * generic text.
 */
const failureText = (error: unknown): string =>
  error instanceof LoadError && error.refused
    ? errorMessage(error, translateMessage(PLAN_UPDATE_FAILED))
    : translateMessage(PLAN_UPDATE_FAILED);

// While the change is on its way the sheet stays: Escape, the backdrop and its X do nothing.
const stay = () => {};

interface PlanConfirmationProps {
  current: Tier | null;
  next: Tier;
  /** How this member pays for a tier (the plan's `payments`). */
  payments: Plan["payments"];
  /** The currency an invoice charges (the plan's `currency`, with invoice payments). */
  currency: Plan["currency"];
  onCancel: () => void;
  /** The plan changed (or was paid for): both sheets close. */
  onChanged: () => void;
  /** A request went to the admins: the picker stays, showing it. */
  onRequested: (plan: Plan) => void;
}

/**
 * Upgrade Plan / Change Plan: from what to what, and the new monthly cost against the old. Confirm
 * changes the plan at once, sends a request to the admins, or opens Telegram's payment sheet for a
 * Stars subscription or a provider invoice (30 days by card), as the server's PLAN_PAYMENTS has it
 * for this tier.
 */
export function PlanConfirmation({
  current,
  next,
  payments,
  currency,
  onCancel,
  onChanged,
  onRequested,
}: PlanConfirmationProps) {
  const { t, tm } = useT();
  const [busy, setBusy] = useState(false);
  const planChanged = useSetAtom(planVersionAtom);
  const path = planPath(payments, next);
  const tg = telegram();
  const upgraded = isUpgrade(current, next);

  const change = async () => {
    setBusy(true);
    try {
      const result = await changePlan(next.id);
      planChanged((version) => version + 1);
      if (result.outcome === "requested") {
        toast.success(planPaymentTexts.requested(result.request?.tierName ?? next.displayName));
        onRequested(result);
        return;
      }
      toast.success(
        planChangedText({
          upgraded: result.upgraded,
          displayName: result.tier?.displayName ?? next.displayName,
        }),
      );
      onChanged();
    } catch (error) {
      // The confirmation stays, so Confirm can be tried again or the change cancelled.
      toast.error(t("plans.error"), { description: failureText(error) });
      setBusy(false);
    }
  };

  const pay = async () => {
    if (!tg) return;
    setBusy(true);
    let status: string;
    try {
      const { invoiceUrl } = await createInvoice(next.id);
      // A Telegram that cannot open the payment sheet counts as a failed payment.
      status = await tg.openInvoice(invoiceUrl).catch(() => "failed");
    } catch (error) {
      // The server's reason, 503 included ("Payments through Telegram are not available right now…").
      toast.error(t("plans.error"), { description: errorMessage(error, tm(PLAN_UPDATE_FAILED)) });
      setBusy(false);
      return;
    }
    if (status === "cancelled") {
      onCancel();
      return;
    }
    if (status !== "paid" && status !== "pending") {
      toast.error(planPaymentTexts.paymentFailed);
      setBusy(false);
      return;
    }
    toast.success(planPaymentTexts.paymentReceived);
    onChanged();
    // The bot moves the member to the tier once Telegram reports the payment.
    const arrived = await waitForTier(next.id);
    planChanged((version) => version + 1);
    if (arrived) toast.success(planChangedText({ upgraded, displayName: next.displayName }));
  };

  const paid = path === "stars" || path === "invoice";
  const outsideTelegram = paid && !tg;
  const amount = path === "invoice" && currency ? invoiceAmount(next.priceMonthly, currency) : null;
  const confirmLabel =
    path === "stars" && next.priceStars !== null ? (
      <>
        {t("plans.pay")} <Stars count={next.priceStars} />
      </>
    ) : amount !== null ? (
      <>
        {t("plans.pay")} {amount}
      </>
    ) : path === "request" ? (
      t("plans.sendRequest")
    ) : (
      t("plans.confirm")
    );
  const busyLabel = path === "request" ? t("plans.sending") : t("plans.updating");
  return (
    <BottomSheet
      open
      onClose={busy ? stay : onCancel}
      title={confirmationTitle(current, next)}
      className="plan-confirmation"
      footer={
        <div className="plan-confirmation-buttons">
          <Button mode="bezeled" size="l" stretched onClick={onCancel} disabled={busy}>
            {t("plans.cancel")}
          </Button>
          {paid ? (
            <Button size="l" stretched onClick={pay} loading={busy} disabled={busy || outsideTelegram}>
              {confirmLabel}
            </Button>
          ) : (
            <Button size="l" stretched onClick={change} disabled={busy}>
              {busy ? busyLabel : confirmLabel}
            </Button>
          )}
        </div>
      }
    >
      <p>{changeSentence(current, next)}</p>
      <p className="plan-cost" data-testid="plan-cost">
        {newCostText(current, next)}
      </p>
      {path === "stars" && next.priceStars !== null ? (
        <p className="plan-pay-line" data-testid="plan-pay">
          {outsideTelegram ? (
            planPaymentTexts.payWithStars
          ) : (
            <>
              {t("plans.pay")} <Stars count={next.priceStars} /> {t("plans.everyThirtyDays")}
            </>
          )}
        </p>
      ) : null}
      {amount !== null ? (
        <p className="plan-pay-line" data-testid="plan-pay">
          {outsideTelegram
            ? planPaymentTexts.payByInvoice
            : `${t("plans.pay")} ${amount} ${t("plans.byCardForThirtyDays")}`}
        </p>
      ) : null}
      {path === "request" ? (
        <p className="plan-pay-line" data-testid="plan-pay">
          {planPaymentTexts.requestNote}
        </p>
      ) : null}
    </BottomSheet>
  );
}
