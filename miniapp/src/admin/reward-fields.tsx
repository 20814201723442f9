import { Select } from "@telegram-apps/telegram-ui";
import { useId } from "react";
import type { RewardKind } from "#api/contracts/rewards";
import { Field } from "../components/field";
import { FieldFrame } from "../components/field-frame";
import { useT } from "../i18n/use-t";
import type { Contract, FieldErrors } from "../lib/form-issues";
import { PaidTierSelect } from "./paid-tier-select";

/** A reward as an admin types it (`#api/contracts/rewards`): its kind, and each kind's fields. */
export interface RewardValues {
  rewardKind: RewardKind;
  credits: string;
  tierId: string;
  days: string;
}

/** The reward's fields filled in from a saved reward (nulls empty). */
export const rewardValuesOf = (saved: {
  rewardKind: RewardKind;
  credits: string | null;
  tierId: string | null;
  days: number | null;
}): RewardValues => ({
  rewardKind: saved.rewardKind,
  credits: saved.credits ?? "",
  tierId: saved.tierId ?? "",
  days: saved.days ? String(saved.days) : "",
});

/** A whole number as typed; empty: none (the contract says what is missing). */
const numberOf = (text: string) => (text.trim() === "" ? null : Number(text));

/** The reward field by field, as the referral programme's settings carry it: the kind's fields only. */
export const rewardFieldsOf = (values: RewardValues) =>
  values.rewardKind === "credits"
    ? { rewardKind: values.rewardKind, credits: values.credits.trim() }
    : { rewardKind: values.rewardKind, tierId: values.tierId || null, days: numberOf(values.days) };

/** The reward as a promo code carries it: `{ kind, ... }`. */
export const rewardOf = (values: RewardValues) =>
  values.rewardKind === "credits"
    ? { kind: values.rewardKind, amount: values.credits.trim() }
    : { kind: values.rewardKind, tierId: values.tierId || null, days: numberOf(values.days) };

/** The field of a promo code's reward each of its issues belongs to. */
const fieldOfRewardIssue: Record<string, keyof RewardValues> = {
  kind: "rewardKind",
  amount: "credits",
  tierId: "tierId",
  days: "days",
};

/** A contract whose `reward` is `{ kind, ... }`, with that reward's issues said on the fields below. */
export function withRewardFields<T>(contract: Contract<T>): Contract<T> {
  return {
    safeParse(value) {
      const parsed = contract.safeParse(value);
      if (parsed.success) return parsed;
      const issues = parsed.error.issues.map((issue) =>
        issue.path[0] === "reward"
          ? { ...issue, path: [fieldOfRewardIssue[String(issue.path[1])] ?? "rewardKind"] }
          : issue,
      );
      return { success: false, error: { issues } };
    },
  };
}

/**
 * The reward a promo code or the referral programme gives: credits, or free days on a paid plan.
 * The form names the choice and its options (`texts`) and may add notes under the fields.
 */
export function RewardFields({
  form,
  texts,
  creditsPlaceholder,
}: {
  /** The form (useContractForm) whose `reward` this is; its messages on rewardKind, credits, tierId, days. */
  form: {
    values: { reward: RewardValues };
    set: (key: "reward", reward: RewardValues) => void;
    errors: FieldErrors;
    busy: boolean;
  };
  texts: { kind: string; credits: string; days: string; creditsNote?: string; daysNote?: string };
  creditsPlaceholder: string;
}) {
  const { errors, busy: disabled } = form;
  const value = form.values.reward;
  const { t } = useT();
  const kindId = useId();
  const set = <K extends keyof RewardValues>(key: K, field: RewardValues[K]) =>
    form.set("reward", { ...value, [key]: field });
  return (
    <>
      <FieldFrame
        controlId={kindId}
        label={texts.kind}
        messageId={`${kindId}-note`}
        error={errors.rewardKind}
      >
        <Select
          id={kindId}
          value={value.rewardKind}
          onChange={(event) => set("rewardKind", event.target.value as RewardKind)}
          disabled={disabled}
        >
          <option value="credits">{texts.credits}</option>
          <option value="days">{texts.days}</option>
        </Select>
      </FieldFrame>
      {value.rewardKind === "credits" ? (
        <Field
          label={t("reward.admin.credits")}
          note={texts.creditsNote}
          inputMode="decimal"
          placeholder={creditsPlaceholder}
          value={value.credits}
          onChange={(event) => set("credits", event.target.value)}
          error={errors.credits}
          disabled={disabled}
        />
      ) : (
        <>
          <PaidTierSelect
            label={t("reward.admin.tier")}
            placeholder={t("reward.admin.chooseTier")}
            value={value.tierId}
            onChange={(tierId) => set("tierId", tierId)}
            error={errors.tierId}
            disabled={disabled}
          />
          <Field
            label={t("reward.admin.days")}
            note={texts.daysNote}
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            value={value.days}
            onChange={(event) => set("days", event.target.value)}
            error={errors.days}
            disabled={disabled}
          />
        </>
      )}
    </>
  );
}
