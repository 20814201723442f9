import { Badge, Button } from "@telegram-apps/telegram-ui";
import { useAtomValue, useSetAtom } from "jotai";
import { Crown, UsersRound } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { Plan, Tier } from "#api/contracts/plans";
import { JoinChatBanner, joinChatAtom, joinChatOf } from "../chats/join-chat";
import { MenuList } from "../components/menu-list";
import { PageHeader } from "../components/page-header";
import { ResourceView, StateView } from "../components/state-view";
import { useT } from "../i18n/use-t";
import { errorMessage } from "../lib/api";
import { formatLongDate } from "../lib/dates";
import { toast } from "../lib/toast";
import { useResource } from "../lib/use-resource";
import { planVersionAtom } from "../plans/plan";
import { createInvoice, fetchPlan, setRenewal, waitForTier } from "../plans/plan-api";
import {
  FREE_LEVEL,
  invoiceAmount,
  isInvoicePlan,
  PLAN_UPDATE_FAILED,
  perMonth,
  planPaymentTexts,
  subscriptionState,
  tierBadge,
} from "../plans/plan-rules";
import { PlanGrantNotice, PlanRequestNotice, PlanSubscriptionNotice } from "../plans/plan-status";
import { keepPromoCodeFrom } from "../plans/promo-link";
import { TierFeatures } from "../plans/tier-features";
import { TierSaleLine } from "../plans/tier-sale";
import { openDrawerAtom } from "../state/drawers";
import { telegram } from "../telegram/controls";
import "./memberships-page.css";

/**
 * "Cancel renewal" while a Stars subscription renews, "Renew" once cancelled (nothing while payment
 * is due: Telegram is renewing it). The bot tells Telegram; the plan is read again after.
 */
function RenewalAction({ subscription }: { subscription: NonNullable<Plan["subscription"]> }) {
  const { t } = useT();
  const setPlanVersion = useSetAtom(planVersionAtom);
  const [busy, setBusy] = useState(false);
  const state = subscriptionState(subscription);
  // Payment due on a Stars plan: Telegram is renewing it. An invoice plan's is paid above.
  if (state === "due") return null;
  const renew = state === "ends";
  const change = async () => {
    setBusy(true);
    try {
      const changed = await setRenewal(renew);
      const date = formatLongDate(changed.expiresAt);
      toast.success(renew ? t("plans.renewalResumed", { date }) : t("plans.renewalCancelled", { date }));
      setPlanVersion((version) => version + 1);
    } catch (error) {
      toast.error(t("plans.error"), { description: errorMessage(error, t("plans.renewalFailed")) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="m"
      mode={renew ? "bezeled" : "gray"}
      stretched
      loading={busy}
      onClick={change}
      data-testid="plan-renewal"
    >
      {renew ? t("plans.renew") : t("plans.cancelRenewal")}
    </Button>
  );
}

/**
 * An invoice plan's next 30 days (decision 109): Telegram's payment sheet for the tier's price by
 * card, inside Telegram, while the plan renews or its payment is due. A payment made early counts
 * from the current period's end.
 */
function PayNextPeriod({
  tier,
  subscription,
}: {
  tier: Tier;
  subscription: NonNullable<Plan["subscription"]>;
}) {
  const { t, tm } = useT();
  const setPlanVersion = useSetAtom(planVersionAtom);
  const [busy, setBusy] = useState(false);
  const tg = telegram();
  if (!tg || !isInvoicePlan(subscription) || subscriptionState(subscription) === "ends") return null;
  const pay = async () => {
    setBusy(true);
    try {
      const { invoiceUrl } = await createInvoice(tier.id);
      const status = await tg.openInvoice(invoiceUrl).catch(() => "failed");
      if (status === "paid" || status === "pending") {
        toast.success(planPaymentTexts.paymentReceived);
        await waitForTier(tier.id, { timeoutMs: 5000 });
        setPlanVersion((version) => version + 1);
      } else if (status !== "cancelled") {
        toast.error(planPaymentTexts.paymentFailed);
      }
    } catch (error) {
      toast.error(t("plans.error"), { description: errorMessage(error, tm(PLAN_UPDATE_FAILED)) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="m" stretched loading={busy} onClick={pay} data-testid="plan-pay-next">
      {t("plans.payNextPeriod", { amount: invoiceAmount(tier.priceMonthly, subscription.currency) })}
    </Button>
  );
}

function TierCard({ plan, tier, onManage }: { plan: Plan; tier: Tier; onManage: () => void }) {
  const { subscription, grant } = plan;
  const { t } = useT();
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId} data-testid="tier-card">
      <div className="tier-card-head">
        <h2 id={titleId} className="tier-card-name">
          {tier.displayName}
        </h2>
        <Badge type="number" mode={tier.tierLevel > FREE_LEVEL ? "primary" : "gray"} className="tier-badge">
          {tierBadge(tier)}
        </Badge>
      </div>
      <p className="tier-card-price">{perMonth(tier.priceMonthly)}</p>
      <TierSaleLine plan={plan} tier={tier} />
      <PlanGrantNotice grant={grant} />
      <PlanSubscriptionNotice subscription={subscription} />
      {subscription ? <PayNextPeriod tier={tier} subscription={subscription} /> : null}
      {subscription ? <RenewalAction subscription={subscription} /> : null}
      {tier.description ? <p className="tier-card-description">{tier.description}</p> : null}
      <TierFeatures features={tier.features} label={t("memberships.features", { name: tier.displayName })} />
      <Button size="l" stretched onClick={onManage}>
        {t("memberships.managePlan")}
      </Button>
    </section>
  );
}

/** /settings/memberships: the member's tier, or No Active Plan; both open the plan picker. */
export default function MembershipsPage() {
  const { t } = useT();
  const setOpenDrawer = useSetAtom(openDrawerAtom);
  const setJoinChat = useSetAtom(joinChatAtom);
  const planVersion = useAtomValue(planVersionAtom);
  const plan = useResource("my-plan", fetchPlan, { version: planVersion });
  const openPicker = () => setOpenDrawer("plan");
  // A promo link leads here: Manage Your Plan opens with its code filled in (decision 112). So does
  // a join request (decision 120): the page and the picker name the chat the plan is for.
  useEffect(() => {
    const search = window.location.search;
    const promo = keepPromoCodeFrom(search);
    const joinChat = joinChatOf(search);
    if (!promo && !joinChat) return;
    if (joinChat) setJoinChat(joinChat);
    window.history.replaceState(window.history.state, "", window.location.pathname);
    setOpenDrawer("plan");
  }, [setOpenDrawer, setJoinChat]);
  return (
    <div className="page settings-page">
      <PageHeader title={t("memberships.title")} back="/settings" />
      <ResourceView
        resource={plan}
        loadingLabel={t("memberships.loading")}
        errorMessage={errorMessage(plan.status === "error" ? plan.error : null, t("memberships.failed"))}
      >
        {(data) => (
          <div className="memberships">
            <JoinChatBanner planVersion={planVersion} />
            <PlanRequestNotice request={data.request} />
            {data.tier ? (
              <TierCard plan={data} tier={data.tier} onManage={openPicker} />
            ) : (
              <StateView
                kind="empty"
                title={t("memberships.noPlan")}
                description={t("memberships.noPlanText")}
                icon={<Crown size={36} />}
                action={
                  <Button size="m" onClick={openPicker}>
                    {t("memberships.choosePlan")}
                  </Button>
                }
              />
            )}
            <MenuList
              label={t("memberships.chats")}
              entries={[
                { to: "/settings/chats", icon: <UsersRound size={20} />, label: t("memberships.chats") },
              ]}
            />
          </div>
        )}
      </ResourceView>
    </div>
  );
}
