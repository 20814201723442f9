import { useState } from "react";
import type { Me } from "#api/contracts/me";
import { SwitchField } from "../components/form-controls";
import { PageHeader } from "../components/page-header";
import { useT } from "../i18n/use-t";
import { api, call, errorMessage } from "../lib/api";
import { toast } from "../lib/toast";
import { signedInUser, updateMe, useAuth } from "../state/auth";

/** What "Email me about orders" means for this account: where order news reaches it. */
function orderEmailsNote(me: Me, text: ReturnType<typeof useT>["t"]): string {
  if (!me.email) return text("notifications.addEmail");
  if (me.telegramId) return text("notifications.mailWhenBotCannot", { email: me.email });
  return text("notifications.mailOnChange", { email: me.email });
}

/** /settings/notifications: the member's own switches, kept on the server (it honours them). */
export default function NotificationsPage() {
  const { t } = useT();
  const me = signedInUser(useAuth());
  // The switch moves at once; a refused save moves it back.
  const [saving, setSaving] = useState<boolean | null>(null);
  if (!me) return null;

  const setOrderEmails = async (orderEmails: boolean) => {
    setSaving(orderEmails);
    try {
      updateMe(await call(api.me.notifications.$patch({ json: { orderEmails } })));
      toast.success(orderEmails ? t("notifications.mailOn") : t("notifications.mailOff"));
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
        checked={(saving ?? me.orderEmails) && me.email !== null}
        onChange={(on) => void setOrderEmails(on)}
        disabled={saving !== null || !me.email}
      />
    </div>
  );
}
