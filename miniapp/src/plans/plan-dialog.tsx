import { Button, Progress, Select } from "@telegram-apps/telegram-ui";
import { useAtomValue, useSetAtom } from "jotai";
import { useCallback, useId, useState } from "react";
import type { Budget, Plan, Tier } from "#api/contracts/plans";
import { JoinChatBanner } from "../chats/join-chat";
import { BottomSheet } from "../components/bottom-sheet";
import { ResourceView } from "../components/state-view";
import { useT } from "../i18n/use-t";
import { errorMessage } from "../lib/api";
import { formatCredits } from "../lib/format";
import { useResource } from "../lib/use-resource";
import { openDrawerAtom } from "../state/drawers";
import { planVersionAtom } from "./plan";
import { fetchBudget, fetchPlan, fetchTiers } from "./plan-api";
import { PlanConfirmation } from "./plan-confirmation";
import {
  DEFAULT_PLAN_PRICE,
  moneyRemaining,
  monthlyValueLine,
  perMonth,
  planAction,
  planActionLabel,
  REQUEST_PENDING_ACTION,
  rolloverLine,
  selectableTiers,
  tierOption,
} from "./plan-rules";
import { PlanGrantNotice, PlanRequestNotice } from "./plan-status";
import { PromoCodeField } from "./promo-code";
import { TierFeatures } from "./tier-features";
import { TierSaleLine } from "./tier-sale";
import { TrialOffer } from "./trial-offer";
import "./plan-dialog.css";

interface PickerData {
  tiers: Tier[];
  plan: Plan;
  budget: Budget;
}

async function loadPicker(signal: AbortSignal): Promise<PickerData> {
  const [tiers, plan, budget] = await Promise.all([
    fetchTiers(signal),
    fetchPlan(signal),
    fetchBudget(signal),
  ]);
  return { tiers, plan, budget };
}

function MoneyPanel({ budget }: { budget: Budget }) {
  const { t } = useT();
  const titleId = useId();
  const money = moneyRemaining(budget);
  if (!money) return null;
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="plan-money-head">
        <h3 id={titleId} className="plan-money-title">
          {t("plans.moneyRemaining")}
        </h3>
        <p className="plan-money-amount" data-testid="money-remaining">
          {money.text}
        </p>
      </div>
      <Progress className="plan-progress" value={money.usedPercent} aria-label={t("plans.budgetUsed")} />
    </section>
  );
}

function BudgetLines({ budget }: { budget: Budget }) {
  const { t } = useT();
  const rollover = rolloverLine(budget);
  return (
    <ul className="plan-lines">
      <li>{t("plans.usingMonthlyBudget")}</li>
      <li>{monthlyValueLine(budget)}</li>
      {rollover ? <li className="plan-rollover">{rollover}</li> : null}
      {Number(budget.credits) > 0 ? (
        <li className="plan-rollover" data-testid="plan-credits-added">
          {t("promo.creditsAdded", { amount: formatCredits(budget.credits) })}
        </li>
      ) : null}
      <li>{t("plans.budgetResets")}</li>
      <li>{t("plans.unusedRollsOver")}</li>
    </ul>
  );
}

/** The budget, the price of the tier picked in the dropdown, the action button and its features. */
function PlanPicker({
  data,
  onChoose,
  onTrial,
}: {
  data: PickerData;
  onChoose: (tier: Tier) => void;
  onTrial: () => void;
}) {
  const planVersion = useAtomValue(planVersionAtom);
  const { t } = useT();
  const selectId = useId();
  const current = data.plan.tier;
  const options = selectableTiers(data.tiers);
  // The member's own paid tier starts selected; on the free level (or none) nothing is.
  const [selectedId, setSelectedId] = useState(() =>
    options.some((tier) => tier.id === current?.id) ? (current?.id ?? "") : "",
  );
  const selected = options.find((tier) => tier.id === selectedId) ?? null;
  const request = data.plan.request;
  // The picked tier already waits for an admin: asking again would change nothing.
  const waiting =
    selected !== null &&
    selected.id !== current?.id &&
    request?.status === "pending" &&
    request.tierId === selected.id;
  const action = waiting ? REQUEST_PENDING_ACTION : planAction(current, selected);
  return (
    <div className="plan-picker">
      <JoinChatBanner planVersion={planVersion} />
      <PlanRequestNotice request={request} />
      <PlanGrantNotice grant={data.plan.grant} />
      <MoneyPanel budget={data.budget} />
      <BudgetLines budget={data.budget} />
      <div className="plan-choice">
        {selected ? <p className="plan-name">{selected.displayName}</p> : null}
        <p className="plan-price" data-testid="plan-price">
          {perMonth(selected?.priceMonthly ?? DEFAULT_PLAN_PRICE)}
        </p>
      </div>
      {selected ? <TierSaleLine plan={data.plan} tier={selected} /> : null}
      <div className="field">
        <label htmlFor={selectId} className="field-label">
          {t("plans.selectLabel")}
        </label>
        <div className="field-control">
          <Select
            id={selectId}
            className="select"
            value={selectedId}
            onChange={(event) => setSelectedId(event.target.value)}
          >
            {selected ? null : (
              <option value="" disabled>
                {t("plans.choosePlan")}
              </option>
            )}
            {options.map((tier) => (
              <option key={tier.id} value={tier.id}>
                {tierOption(tier)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <Button
        size="l"
        stretched
        disabled={!selected || action === "Current Plan" || waiting}
        onClick={() => selected && onChoose(selected)}
      >
        {planActionLabel(action)}
      </Button>
      {selected && selected.id !== current?.id ? <TrialOffer tier={selected} onStarted={onTrial} /> : null}
      {selected ? (
        <TierFeatures
          features={selected.features}
          label={t("plans.features", { name: selected.displayName })}
        />
      ) : null}
      <PromoCodeField />
    </div>
  );
}

/**
 * The Manage Your Plan sheet (a lazy chunk: it loads on the first tap on the plan button) and,
 * over it, the confirmation of the change picked in it.
 */
export default function PlanDialog() {
  const { t } = useT();
  const setOpenDrawer = useSetAtom(openDrawerAtom);
  const close = useCallback(() => setOpenDrawer(null), [setOpenDrawer]);
  // Read again when a code or a trial changed the plan (planVersionAtom).
  const loaded = useResource("plan-picker", loadPicker, { version: useAtomValue(planVersionAtom) });
  // A request sent from the confirmation: the picker shows the plan the server answered with.
  const [plan, setPlan] = useState<Plan | null>(null);
  const picker = loaded.status === "ready" && plan ? { ...loaded, data: { ...loaded.data, plan } } : loaded;
  const [next, setNext] = useState<Tier | null>(null);
  const cancel = useCallback(() => setNext(null), []);
  const requested = useCallback((answer: Plan) => {
    setPlan(answer);
    setNext(null);
  }, []);
  return (
    <>
      <BottomSheet open onClose={close} title={t("plans.manageTitle")}>
        <ResourceView
          resource={picker}
          loadingLabel={t("plans.loading")}
          showLoadingLabel
          errorMessage={errorMessage(picker.status === "error" ? picker.error : null, t("plans.failed"))}
        >
          {(data) => <PlanPicker data={data} onChoose={setNext} onTrial={close} />}
        </ResourceView>
      </BottomSheet>
      {next && picker.status === "ready" ? (
        <PlanConfirmation
          current={picker.data.plan.tier}
          next={next}
          payments={picker.data.plan.payments}
          currency={picker.data.plan.currency}
          onCancel={cancel}
          onChanged={close}
          onRequested={requested}
        />
      ) : null}
    </>
  );
}
