import type { strainTypes } from "#api/contracts/products";
import { type AppTextKey, t } from "../i18n/i18n";

type StrainType = (typeof strainTypes)[number];

const strainKeys: Record<StrainType, AppTextKey> = {
  Indica: "strain.indica",
  Sativa: "strain.sativa",
  Hybrid: "strain.hybrid",
};

/**
 * A strain type as the app's language names it ("Indica" in English, the value the contract
 * holds); a value it does not know (an old cart's) as it is.
 */
export function strainText(type: string): string {
  const key = strainKeys[type as StrainType] as AppTextKey | undefined;
  return key ? t(key) : type;
}
