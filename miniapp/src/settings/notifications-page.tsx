import { useState } from "react";
import type { Me } from "#api/contracts/me";
import { SwitchField } from "../components/form-controls";
import { PageHeader } from "../components/page-header";
import { api, call, errorMessage } from "../lib/api";
import { toast } from "../lib/toast";
import { signedInUser, updateMe, useAuth } from "../state/auth";

/** What "Email me about orders" means for this account: where order news reaches it. */
function orderEmailsNote(me: Me): string {
  if (!me.email) return "Add an email in Password and Security to get order mail.";
  if (me.telegramId)
    return `The bot tells you about your orders in Telegram; mail goes to ${me.email} only when the bot cannot reach you.`;
  return `A mail to ${me.email} when an order is placed, fulfilled or cancelled.`;
}

/** /settings/notifications: the member's own switches, kept on the server (it honours them). */
export default function NotificationsPage() {
  const me = signedInUser(useAuth());
  // The switch moves at once; a refused save moves it back.
  const [saving, setSaving] = useState<boolean | null>(null);
  if (!me) return null;

  const setOrderEmails = async (orderEmails: boolean) => {
    setSaving(orderEmails);
    try {
      updateMe(await call(api.me.notifications.$patch({ json: { orderEmails } })));
      toast.success(orderEmails ? "Order mail on" : "Order mail off");
    } catch (failed) {
      toast.error("Failed to save", { description: errorMessage(failed) });
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="page settings-page">
      <PageHeader title="Notifications" back="/settings" />
      <SwitchField
        label="Email me about orders"
        note={orderEmailsNote(me)}
        checked={(saving ?? me.orderEmails) && me.email !== null}
        onChange={(on) => void setOrderEmails(on)}
        disabled={saving !== null || !me.email}
      />
    </div>
  );
}
