import { AGE_REQUIRED_MESSAGE } from "#api/contracts/age-message";
import { t, translateMessage } from "../i18n/i18n";

/**
 * The texts the first screen needs, without the zod schemas (which would join the first load), in
 * the app's language when read.
 */
export const firstLoadMessages = {
  get ageRequired() {
    return translateMessage(AGE_REQUIRED_MESSAGE);
  },
  get ageLabel() {
    return t("ageGate.label");
  },
  get ageGateTitle() {
    return t("ageGate.title");
  },
  get ageGateText() {
    return t("ageGate.text");
  },
  get landingAgeNotice() {
    return t("landing.ageNotice");
  },
  get validationError() {
    return t("common.validationError");
  },
};
