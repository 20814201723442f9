import { Cell, Radio, Section } from "@telegram-apps/telegram-ui";
import { Languages, Monitor, Moon, Sun } from "lucide-react";
import type { ReactNode } from "react";
import { type Language, languageNames, languages } from "#api/contracts/languages";
import { PageHeader } from "../components/page-header";
import { useT } from "../i18n/use-t";
import { api, call, errorMessage } from "../lib/api";
import type { AppearancePreference } from "../lib/appearance";
import { toast } from "../lib/toast";
import { setAppearancePreference, useAppearancePreference } from "../state/appearance";
import { signedInUser, updateMe, useAuth } from "../state/auth";
import { showLanguage } from "../state/language";
import { telegram } from "../telegram/controls";

/**
 * /settings/appearance: the theme (Light, Dark or System: default Dark on the web, System inside
 * Telegram, remembered on this device) and the language, which changes the app at once and, for a
 * signed-in member, the bot and mail too.
 */
export default function AppearancePage() {
  const { t, language } = useT();
  const current = useAppearancePreference();
  const signedIn = signedInUser(useAuth()) !== null;
  const options: { value: AppearancePreference; label: string; hint: string; icon: ReactNode }[] = [
    {
      value: "light",
      label: t("appearance.light"),
      hint: t("appearance.lightHint"),
      icon: <Sun size={20} />,
    },
    { value: "dark", label: t("appearance.dark"), hint: t("appearance.darkHint"), icon: <Moon size={20} /> },
    {
      value: "system",
      label: t("appearance.system"),
      hint: telegram() ? t("appearance.systemHintTelegram") : t("appearance.systemHintWeb"),
      icon: <Monitor size={20} />,
    },
  ];
  const chooseLanguage = async (next: Language) => {
    const before = language as Language;
    await showLanguage(next);
    if (!signedIn) return;
    try {
      updateMe(await call(api.me.$patch({ json: { language: next } })));
    } catch (failed) {
      await showLanguage(before);
      toast.error(errorMessage(failed));
    }
  };
  return (
    <div className="page settings-page">
      <PageHeader title={t("appearance.title")} back="/settings" />
      <fieldset className="choice-group">
        <legend className="section-title">{t("appearance.theme")}</legend>
        <Section>
          {options.map((option) => (
            <Cell
              key={option.value}
              Component="label"
              before={
                <span className="choice-icon" aria-hidden="true">
                  {option.icon}
                </span>
              }
              after={
                <Radio
                  name="theme"
                  value={option.value}
                  checked={current === option.value}
                  onChange={() => setAppearancePreference(option.value)}
                />
              }
              description={option.hint}
            >
              {option.label}
            </Cell>
          ))}
        </Section>
      </fieldset>
      <fieldset className="choice-group">
        <legend className="section-title">{t("appearance.language")}</legend>
        <Section>
          {languages.map((option) => (
            <Cell
              key={option}
              Component="label"
              lang={option}
              before={
                <span className="choice-icon" aria-hidden="true">
                  <Languages size={20} />
                </span>
              }
              after={
                <Radio
                  name="language"
                  value={option}
                  checked={language === option}
                  onChange={() => void chooseLanguage(option)}
                />
              }
            >
              {languageNames[option]}
            </Cell>
          ))}
        </Section>
      </fieldset>
    </div>
  );
}
