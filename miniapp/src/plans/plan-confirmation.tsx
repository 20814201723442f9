import { Button } from "@telegram-apps/telegram-ui";
import { useSetAtom } from "jotai";
import { useState } from "react";
import type { Tier } from "#api/contracts/plans";
import { Drawer } from "../components/drawer";
import { errorMessage, LoadError } from "../lib/api";
import { toast } from "../lib/toast";
import { planVersionAtom } from "../state/plan";
import { changePlan } from "./plan-api";
import {
  changeSentence,
  confirmationTitle,
  newCostText,
  PLAN_UPDATE_FAILED,
  planChangedText,
} from "./plan-rules";

/**
 * A refusal the server explains (a tier gone or made inactive meanwhile) shows its message; a
 * server fault or a lost connection shows the spec's text rather than a generic one.
 */
const failureText = (error: unknown): string =>
  error instanceof LoadError && error.status < 500
    ? errorMessage(error, PLAN_UPDATE_FAILED)
    : PLAN_UPDATE_FAILED;

// While the change is on its way the sheet stays: Escape, the backdrop and its X do nothing.
const stay = () => {};

interface PlanConfirmationProps {
  current: Tier | null;
  next: Tier;
  onCancel: () => void;
  /** The plan changed: both sheets close. */
  onChanged: () => void;
}

/** Upgrade Plan / Change Plan: from what to what, and the new monthly cost against the old. */
export function PlanConfirmation({ current, next, onCancel, onChanged }: PlanConfirmationProps) {
  const [busy, setBusy] = useState(false);
  const planChanged = useSetAtom(planVersionAtom);
  const confirm = async () => {
    setBusy(true);
    try {
      const result = await changePlan(next.id);
      toast.success(
        planChangedText({
          upgraded: result.upgraded,
          displayName: result.tier?.displayName ?? next.displayName,
        }),
      );
      planChanged((version) => version + 1);
      onChanged();
    } catch (error) {
      // The confirmation stays, so Confirm can be tried again or the change cancelled.
      toast.error("Error", { description: failureText(error) });
      setBusy(false);
    }
  };
  return (
    <Drawer
      open
      onClose={busy ? stay : onCancel}
      title={confirmationTitle(current, next)}
      placement="bottom"
      className="plan-confirmation"
      footer={
        <div className="plan-confirmation-buttons">
          <Button mode="bezeled" size="l" stretched onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button size="l" stretched onClick={confirm} disabled={busy}>
            {busy ? "Updating..." : "Confirm"}
          </Button>
        </div>
      }
    >
      <p>{changeSentence(current, next)}</p>
      <p className="plan-cost" data-testid="plan-cost">
        {newCostText(current, next)}
      </p>
    </Drawer>
  );
}
