import { Button } from "@telegram-apps/telegram-ui";
import { useSetAtom } from "jotai";
import { Gift } from "lucide-react";
import { useState } from "react";
import type { Tier } from "#api/contracts/plans";
import { useT } from "../i18n/use-t";
import { errorMessage } from "../lib/api";
import { formatLongDate } from "../lib/dates";
import { toast } from "../lib/toast";
import { planVersionAtom } from "./plan";
import { startTrial } from "./plan-api";

/**
 * "Try free for N days" on a tier that offers a trial (decision 113). The server decides whether this
 * person may (never held the tier, never had its trial): a refusal says why in a toast.
 */
export function TrialOffer({ tier, onStarted }: { tier: Tier; onStarted: () => void }) {
  const { t } = useT();
  const setPlanVersion = useSetAtom(planVersionAtom);
  const [busy, setBusy] = useState(false);
  if (!tier.trialDays) return null;
  const start = async () => {
    setBusy(true);
    try {
      const plan = await startTrial(tier.id);
      toast.success(t("trial.started", { name: tier.displayName }), {
        description: plan.grant ? t("trial.endsOn", { date: formatLongDate(plan.grant.endsAt) }) : undefined,
      });
      setPlanVersion((version) => version + 1);
      onStarted();
    } catch (error) {
      toast.error(t("trial.failed"), { description: errorMessage(error, t("trial.failed")) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="l"
      mode="bezeled"
      stretched
      loading={busy}
      before={<Gift size={18} aria-hidden="true" />}
      onClick={start}
      data-testid="trial-start"
    >
      {t("trial.tryFree", { days: tier.trialDays })}
    </Button>
  );
}
