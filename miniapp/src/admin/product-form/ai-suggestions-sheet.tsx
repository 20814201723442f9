import { Button, Cell, Checkbox, Radio } from "@telegram-apps/telegram-ui";
import { useId, useState } from "react";
import { appliedDescription, type StrainAnalysis } from "#api/contracts/strain-analysis";
import { BottomSheet } from "../../components/bottom-sheet";
import { Field } from "../../components/field";
import { useT } from "../../i18n/use-t";

export interface AppliedSuggestion {
  title: string | null;
  strainType: StrainAnalysis["strainType"];
  description: string;
}

/**
 * The analysis' suggestions: up to 5 strains of the detected type (the first chosen), every
 * feature ticked, and a custom name that wins over the chosen strain. Apply hands back the title,
 * the strain type and the description ("Key Features" bullets, then the AI's description).
 */
export function AiSuggestionsSheet({
  analysis,
  onApply,
  onClose,
}: {
  analysis: StrainAnalysis;
  onApply: (applied: AppliedSuggestion) => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const groupName = useId();
  const [strain, setStrain] = useState(analysis.suggestions[0]?.name ?? "");
  const [features, setFeatures] = useState<string[]>(analysis.features);
  const [customName, setCustomName] = useState("");
  const apply = () =>
    onApply({
      title: customName.trim() || strain || null,
      strainType: analysis.strainType,
      description: appliedDescription(
        analysis.features.filter((feature) => features.includes(feature)),
        analysis.description,
      ),
    });
  return (
    <BottomSheet
      open
      onClose={onClose}
      title={t("admin.productForm.aiTitle")}
      description={t("admin.productForm.detectedType", { type: analysis.strainType })}
      className="ai-sheet"
      footer={
        <div className="product-form-buttons">
          <Button type="button" mode="bezeled" size="l" stretched onClick={onClose}>
            {t("admin.common.cancel")}
          </Button>
          <Button type="button" size="l" stretched onClick={apply}>
            {t("admin.productForm.apply")}
          </Button>
        </div>
      }
    >
      {analysis.suggestions.length > 0 ? (
        <fieldset className="form-group">
          <legend className="field-label">{t("admin.productForm.suggestedStrains")}</legend>
          {analysis.suggestions.map((suggestion) => (
            <Cell
              key={suggestion.name}
              Component="label"
              after={
                <Radio
                  name={groupName}
                  value={suggestion.name}
                  checked={strain === suggestion.name}
                  onChange={() => setStrain(suggestion.name)}
                />
              }
              description={suggestion.type}
            >
              {suggestion.name}
            </Cell>
          ))}
        </fieldset>
      ) : null}
      <Field
        label={t("admin.productForm.customName")}
        placeholder={t("admin.productForm.customNamePlaceholder")}
        value={customName}
        onChange={(event) => setCustomName(event.target.value)}
        maxLength={200}
        autoComplete="off"
      />
      <fieldset className="form-group">
        <legend className="field-label">{t("admin.productForm.features")}</legend>
        {analysis.features.map((feature) => (
          <Cell
            key={feature}
            Component="label"
            className="checkbox"
            multiline
            before={
              <Checkbox
                checked={features.includes(feature)}
                onChange={(event) =>
                  setFeatures((all) =>
                    event.target.checked ? [...all, feature] : all.filter((f) => f !== feature),
                  )
                }
              />
            }
          >
            {feature}
          </Cell>
        ))}
      </fieldset>
      <p className="field-note ai-description">{analysis.description}</p>
    </BottomSheet>
  );
}
