import { Select } from "@telegram-apps/telegram-ui";
import { useId } from "react";
import { FieldFrame } from "../components/field-frame";
import { api, call } from "../lib/api";
import { useResource } from "../lib/use-resource";

const fetchTiers = async (signal: AbortSignal) =>
  (await call(api.tiers.$get(undefined, { init: { signal } }))).tiers;

/**
 * The plan free days are on (a promo code's, the referral reward's): the active tiers with a price,
 * since free days are worth something only on a paid plan.
 */
export function PaidTierSelect({
  label,
  placeholder,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (tierId: string) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const id = useId();
  const messageId = `${id}-note`;
  const tiers = useResource("paid-tiers", fetchTiers);
  return (
    <FieldFrame controlId={id} label={label} messageId={messageId} error={error}>
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        status={error ? "error" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        disabled={disabled}
      >
        <option value="">{placeholder}</option>
        {(tiers.status === "ready" ? tiers.data : [])
          .filter((tier) => Number(tier.priceMonthly) > 0)
          .map((tier) => (
            <option key={tier.id} value={tier.id}>
              {tier.displayName}
            </option>
          ))}
      </Select>
    </FieldFrame>
  );
}
