import { useState } from "react";
import type { NotificationSettings } from "#api/contracts/account";
import type { Me } from "#api/contracts/me";
import { SwitchField } from "../components/form-controls";
import { PageHeader } from "../components/page-header";
import type { TextKey } from "../i18n/i18n";
import { useT } from "../i18n/use-t";
import { api, call, errorMessage } from "../lib/api";
import { toast } from "../lib/toast";
import { signedInUser, updateMe, useAuth } from "../state/auth";

type Text = ReturnType<typeof useT>["t"];

/** What "Email me about orders" means for this account: where order news reaches it. */
function orderEmailsNote(me: Me, text: Text): string {
  if (!me.email) return text("notifications.addEmail");
  if (me.telegramId) return text("notifications.mailWhenBotCannot", { email: me.email });
  return text("notifications.mailOnChange", { email: me.email });
}

/** Whether the bot's messages reach this account, said under the bot's switches. */
function botNote(me: Me, text: Text): string {
  if (!me.telegramId) return text("notifications.botNoTelegram");
  return me.botWritable ? text("notifications.botReaches") : text("notifications.botCannot");
}

type BotSwitch = "newsMessages" | "planReminders" | "cartReminders";
const botSwitches: { key: BotSwitch; label: TextKey; note: TextKey }[] = [
  { key: "newsMessages", label: "notifications.news", note: "notifications.newsNote" },
  { key: "planReminders", label: "notifications.planReminders", note: "notifications.planRemindersNote" },
  { key: "cartReminders", label: "notifications.cartReminders", note: "notifications.cartRemindersNote" },
];

/** /settings/notifications: the member's own switches, kept on the server (it honours them). */
export default function NotificationsPage() {
  const { t } = useT();
  const me = signedInUser(useAuth());
  // A switch moves at once; a refused save moves it back.
  const [saving, setSaving] = useState<NotificationSettings | null>(null);
  if (!me) return null;

  const save = async (change: NotificationSettings, done: string) => {
    setSaving(change);
    try {
      updateMe(await call(api.me.notifications.$patch({ json: change })));
      toast.success(done);
    } catch (failed) {
      toast.error(t("notifications.saveFailed"), { description: errorMessage(failed) });
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="page settings-page">
      <PageHeader title={t("notifications.title")} back="/settings" />
      <SwitchField
        label={t("notifications.orderEmails")}
        note={orderEmailsNote(me, t)}
        checked={(saving?.orderEmails ?? me.orderEmails) && me.email !== null}
        onChange={(on) =>
          void save({ orderEmails: on }, on ? t("notifications.mailOn") : t("notifications.mailOff"))
        }
        disabled={saving !== null || !me.email}
      />
      <h2 className="section-title">{t("notifications.fromTheShop")}</h2>
      <p className="field-note" data-testid="bot-reach">
        {botNote(me, t)}
      </p>
      {botSwitches.map(({ key, label, note }) => (
        <SwitchField
          key={key}
          label={t(label)}
          note={t(note)}
          checked={saving?.[key] ?? me[key]}
          onChange={(on) =>
            void save(
              { [key]: on },
              t(on ? "notifications.switchOn" : "notifications.switchOff", { name: t(label) }),
            )
          }
          disabled={saving !== null}
        />
      ))}
    </div>
  );
}
