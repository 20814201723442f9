import {
  Bell,
  ClipboardList,
  Crown,
  Gift,
  Inbox,
  LifeBuoy,
  Lock,
  LogOut,
  Package,
  Palette,
  Receipt,
  ShieldCheck,
  UserRound,
  UsersRound,
} from "lucide-react";
import { type MenuEntry, MenuList } from "../components/menu-list";
import { PageHeader } from "../components/page-header";
import { useT } from "../i18n/use-t";
import { signedInUser, useAuth } from "../state/auth";
import { hasRole, isStaff } from "../state/role-cache";
import { useRoles } from "../state/roles";

/**
 * /settings: the account's menu; Administration only for admins, and Products and Orders for the
 * other staff (moderators, employees), whose admin screens they are; Inbox for moderators.
 */
export default function SettingsPage() {
  const { t } = useT();
  const me = signedInUser(useAuth());
  const roles = useRoles(me?.id ?? null);
  const admin = roles.status === "loaded" && hasRole(roles.roles, "admin");
  const otherStaff = roles.status === "loaded" && !admin && isStaff(roles.roles);
  const moderator = roles.status === "loaded" && !admin && hasRole(roles.roles, "moderator");
  const entries: MenuEntry[] = [
    { to: "/settings/profile", icon: <UserRound size={20} />, label: t("settings.editProfile") },
    { to: "/settings/security", icon: <Lock size={20} />, label: t("settings.security") },
    { to: "/settings/appearance", icon: <Palette size={20} />, label: t("settings.appearance") },
    { to: "/settings/notifications", icon: <Bell size={20} />, label: t("settings.notifications") },
    { to: "/settings/purchases", icon: <Receipt size={20} />, label: t("settings.purchases") },
    { to: "/settings/memberships", icon: <Crown size={20} />, label: t("settings.memberships") },
    { to: "/settings/chats", icon: <UsersRound size={20} />, label: t("settings.chats") },
    { to: "/settings/invite", icon: <Gift size={20} />, label: t("referral.settingsEntry") },
    { to: "/settings/help", icon: <LifeBuoy size={20} />, label: t("settings.help") },
    ...(admin
      ? [{ to: "/administration", icon: <ShieldCheck size={20} />, label: t("settings.administration") }]
      : []),
    ...(otherStaff
      ? [
          { to: "/admin/products", icon: <Package size={20} />, label: t("settings.products") },
          { to: "/admin/orders", icon: <ClipboardList size={20} />, label: t("settings.orders") },
        ]
      : []),
    // Moderators answer the support inbox too (admins reach it from Administration).
    ...(moderator ? [{ to: "/admin/inbox", icon: <Inbox size={20} />, label: t("settings.inbox") }] : []),
    {
      to: "/settings/account",
      icon: <LogOut size={20} className="dir-flip" />,
      label: t("settings.accountActions"),
    },
  ];
  return (
    <div className="page settings-page">
      <PageHeader title={t("settings.title")} back="/">
        {me ? <p className="page-subtitle">{me.fullName || me.email || t("settings.yourAccount")}</p> : null}
      </PageHeader>
      <MenuList label={t("settings.title")} entries={entries} />
    </div>
  );
}
