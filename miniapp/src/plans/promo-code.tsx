import { Button } from "@telegram-apps/telegram-ui";
import { useSetAtom } from "jotai";
import { Ticket } from "lucide-react";
import { useId, useState } from "react";
import { redeemPromoSchema } from "#api/contracts/promo-codes";
import type { Reward } from "#api/contracts/rewards";
import { useT } from "../i18n/use-t";
import { errorMessage } from "../lib/api";
import { formatCredits } from "../lib/format";
import { toast } from "../lib/toast";
import { useContractForm } from "../lib/use-contract-form";
import { planVersionAtom } from "./plan";
import { redeemPromo } from "./plan-api";
import { forgetPromoCode, keptPromoCode } from "./promo-link";
import "./promo-code.css";

/**
 * "Have a code?" in Manage Your Plan (decision 112): a field that opens on a tap, or already open
 * and filled when the member came through a promo link. The server checks everything; the answer
 * says what the code gave, or why not, and the plan and budget are read again.
 */
export function PromoCodeField() {
  const { t } = useT();
  const inputId = useId();
  const setPlanVersion = useSetAtom(planVersionAtom);
  const form = useContractForm(redeemPromoSchema, () => ({ code: keptPromoCode() ?? "" }), {
    clearOnEdit: true,
  });
  const [open, setOpen] = useState(form.values.code !== "");
  const code = form.values.code;
  const problem = form.errors.code ?? null;
  const busy = form.busy;
  const given = (reward: Reward) =>
    reward.kind === "credits"
      ? t("promo.gaveCredits", { amount: formatCredits(reward.amount) })
      : t("promo.gaveDays", { days: reward.days, name: reward.tierName ?? "" });
  // The contract's check says a malformed code under the field; the server's refusal goes there too.
  const submit = form.submit(
    async (data) => {
      try {
        const { reward } = await redeemPromo(data.code);
        forgetPromoCode();
        toast.success(t("promo.redeemed"), { description: given(reward) });
        form.setValues({ code: "" });
        setOpen(false);
        setPlanVersion((version) => version + 1);
      } catch (error) {
        form.setErrors({ code: errorMessage(error, t("promo.failed")) });
      }
    },
    () => {},
  );
  if (!open) {
    return (
      <Button
        mode="plain"
        size="m"
        className="promo-open"
        onClick={() => setOpen(true)}
        data-testid="promo-open"
      >
        <Ticket size={16} aria-hidden="true" />
        {t("promo.haveCode")}
      </Button>
    );
  }
  return (
    <form className="promo-code" onSubmit={submit} data-testid="promo-form">
      <label htmlFor={inputId} className="field-label">
        {t("promo.label")}
      </label>
      <div className="promo-row">
        <input
          id={inputId}
          className="promo-input"
          value={code}
          onChange={(event) => form.set("code", event.target.value)}
          maxLength={32}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          disabled={busy}
        />
        <Button type="submit" size="m" loading={busy} disabled={code.trim() === ""}>
          {t("promo.redeem")}
        </Button>
      </div>
      {problem ? (
        <p id={`${inputId}-problem`} className="promo-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
