import { CalendarX, CircleX, Clock, CreditCard, Gift, Star, TriangleAlert } from "lucide-react";
import type { PlanRequest, PlanSubscription } from "#api/contracts/plan-payments";
import type { Plan } from "#api/contracts/plans";
import { useT } from "../i18n/use-t";
import { formatLongDate } from "../lib/dates";
import { isInvoicePlan, requestLine, subscriptionLine } from "./plan-rules";
import "./plan-status.css";

/** The member's latest plan request while it waits for an admin, or once declined. */
export function PlanRequestNotice({ request }: { request: PlanRequest | null }) {
  const line = requestLine(request);
  if (!line) return null;
  const Icon = line.status === "pending" ? Clock : CircleX;
  return (
    <p className={`plan-status plan-status-${line.status}`} data-testid="plan-request">
      <Icon size={18} aria-hidden="true" className="plan-status-icon" />
      <span>{line.text}</span>
    </p>
  );
}

const stateIcons = { renews: Star, ends: CalendarX, due: TriangleAlert } as const;

/**
 * A running Telegram Stars subscription: "Renews on …", "Ends on …" once its renewal is cancelled,
 * or "Payment due" (with when the plan lapses) after a renewal that did not arrive.
 */
export function PlanSubscriptionNotice({ subscription }: { subscription: PlanSubscription | null }) {
  const { t } = useT();
  if (!subscription) return null;
  const line = subscriptionLine(subscription);
  // An invoice plan renews by card (decision 109), not by Telegram Stars.
  const Icon = line.state === "renews" && isInvoicePlan(subscription) ? CreditCard : stateIcons[line.state];
  return (
    <p
      className={`plan-status plan-status-${line.state === "renews" ? "stars" : line.state}`}
      data-testid="plan-subscription"
      data-state={line.state}
    >
      <Icon size={18} aria-hidden="true" className="plan-status-icon" />
      <span>
        {line.state === "due" ? (
          <strong className="plan-status-title">{t("plans.paymentDue")} · </strong>
        ) : null}
        {line.text}
      </span>
    </p>
  );
}

/** Free days on the plan (decision 111): "Trial ends on …", or "Free until …" from a code or a referral. */
export function PlanGrantNotice({ grant }: { grant: Plan["grant"] }) {
  const { t } = useT();
  if (!grant) return null;
  const date = formatLongDate(grant.endsAt);
  return (
    <p className="plan-status plan-status-grant" data-testid="plan-grant" data-kind={grant.kind}>
      <Gift size={18} aria-hidden="true" className="plan-status-icon" />
      <span>{grant.kind === "trial" ? t("trial.endsOn", { date }) : t("trial.freeUntil", { date })}</span>
    </p>
  );
}
