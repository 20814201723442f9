import { Check } from "lucide-react";
import "./tier-features.css";

/** A tier's features as bullets: in the plan picker (the selected tier) and on Memberships. */
export function TierFeatures({ features, label }: { features: readonly string[]; label: string }) {
  if (features.length === 0) return null;
  return (
    <ul className="tier-features" aria-label={label}>
      {features.map((feature) => (
        <li key={feature}>
          <Check size={16} aria-hidden="true" className="tier-feature-icon" />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
