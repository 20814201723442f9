import { Button, IconButton, Input, Select } from "@telegram-apps/telegram-ui";
import { Plus, Trash2 } from "lucide-react";
import { featureIcons } from "#api/contracts/products";
import { FeatureIcon } from "../../components/feature-icon";
import { useT } from "../../i18n/use-t";
import type { FeatureRow } from "./product-form-rules";

const MAX_FEATURES = 20;

/** The product's features: an icon of featureIcons (sparkles by default) and a text each. */
export function FeaturesEditor({
  value,
  onChange,
  disabled,
}: {
  value: FeatureRow[];
  onChange: (features: FeatureRow[]) => void;
  disabled: boolean;
}) {
  const { t } = useT();
  const change = (index: number, row: Partial<FeatureRow>) =>
    onChange(value.map((feature, i) => (i === index ? { ...feature, ...row } : feature)));
  return (
    <div className="field">
      <ul className="feature-rows">
        {value.map((feature, index) => (
          // Rows have no identity of their own; they are edited in place and removed by position.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="feature-row" data-testid="feature-row">
            <span className="feature-row-icon">
              <FeatureIcon name={feature.icon} size={20} />
            </span>
            <div className="field-control feature-row-select">
              <Select
                aria-label={t("admin.productForm.featureIcon", { number: index + 1 })}
                value={feature.icon}
                onChange={(event) => change(index, { icon: event.target.value as FeatureRow["icon"] })}
                disabled={disabled}
              >
                {featureIcons.map((icon) => (
                  <option key={icon} value={icon}>
                    {icon}
                  </option>
                ))}
              </Select>
            </div>
            <div className="field-control feature-row-text">
              <Input
                aria-label={t("admin.productForm.featureText", { number: index + 1 })}
                value={feature.text}
                maxLength={200}
                placeholder={t("admin.productForm.featurePlaceholder")}
                onChange={(event) => change(index, { text: event.target.value })}
                disabled={disabled}
              />
            </div>
            <IconButton
              className="feature-row-remove button-destructive"
              type="button"
              mode="plain"
              aria-label={t("admin.productForm.removeFeature", { number: index + 1 })}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
              disabled={disabled}
            >
              <Trash2 size={18} aria-hidden="true" />
            </IconButton>
          </li>
        ))}
      </ul>
      <Button
        type="button"
        mode="bezeled"
        size="m"
        before={<Plus size={16} aria-hidden="true" />}
        onClick={() => onChange([...value, { icon: "sparkles", text: "" }])}
        disabled={disabled || value.length >= MAX_FEATURES}
      >
        {t("admin.productForm.addFeature")}
      </Button>
    </div>
  );
}
