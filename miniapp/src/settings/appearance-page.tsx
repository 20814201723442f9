import { Cell, Radio, Section } from "@telegram-apps/telegram-ui";
import { Monitor, Moon, Sun } from "lucide-react";
import type { ReactNode } from "react";
import { PageHeader } from "../components/page-header";
import type { AppearancePreference } from "../lib/appearance";
import { setAppearancePreference, useAppearancePreference } from "../state/appearance";
import { telegram } from "../telegram/controls";

/** /settings/appearance: Light, Dark or System (default Dark on the web, System inside Telegram), remembered on this device. */
export default function AppearancePage() {
  const current = useAppearancePreference();
  const options: { value: AppearancePreference; label: string; hint: string; icon: ReactNode }[] = [
    { value: "light", label: "Light", hint: "Always light", icon: <Sun size={20} /> },
    { value: "dark", label: "Dark", hint: "Always dark", icon: <Moon size={20} /> },
    {
      value: "system",
      label: "System",
      hint: telegram() ? "Follows Telegram's theme" : "Follows your device",
      icon: <Monitor size={20} />,
    },
  ];
  return (
    <div className="page settings-page">
      <PageHeader title="Appearance" back="/settings" />
      <fieldset className="choice-group">
        <legend className="section-title">Theme</legend>
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
    </div>
  );
}
