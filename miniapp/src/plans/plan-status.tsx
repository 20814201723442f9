import { CircleX, Clock, Star } from "lucide-react";
import type { PlanRequest, PlanSubscription } from "#api/contracts/plan-payments";
import { requestLine, subscriptionLine } from "./plan-rules";
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

/** A running Telegram Stars subscription: "Paid with Telegram Stars · renews 07/15/2025". */
export function PlanSubscriptionNotice({ subscription }: { subscription: PlanSubscription | null }) {
  if (!subscription) return null;
  return (
    <p className="plan-status plan-status-stars" data-testid="plan-subscription">
      <Star size={18} aria-hidden="true" className="plan-status-icon" />
      <span>{subscriptionLine(subscription)}</span>
    </p>
  );
}
