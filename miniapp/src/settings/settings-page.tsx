import {
  Bell,
  ClipboardList,
  Crown,
  Lock,
  LogOut,
  Package,
  Palette,
  Receipt,
  ShieldCheck,
  UserRound,
} from "lucide-react";
import { type MenuEntry, MenuList } from "../components/menu-list";
import { PageHeader } from "../components/page-header";
import { signedInUser, useAuth } from "../state/auth";
import { hasRole, isStaff } from "../state/role-cache";
import { useRoles } from "../state/roles";

/**
 * /settings: the account's menu; Administration only for admins, and Products and Orders for the
 * other staff (moderators, employees), whose admin screens they are.
 */
export default function SettingsPage() {
  const me = signedInUser(useAuth());
  const roles = useRoles(me?.id ?? null);
  const admin = roles.status === "loaded" && hasRole(roles.roles, "admin");
  const otherStaff = roles.status === "loaded" && !admin && isStaff(roles.roles);
  const entries: MenuEntry[] = [
    { to: "/settings/profile", icon: <UserRound size={20} />, label: "Edit Profile" },
    { to: "/settings/security", icon: <Lock size={20} />, label: "Password and Security" },
    { to: "/settings/appearance", icon: <Palette size={20} />, label: "Appearance" },
    { to: "/settings/notifications", icon: <Bell size={20} />, label: "Notifications" },
    { to: "/settings/purchases", icon: <Receipt size={20} />, label: "Purchases" },
    { to: "/settings/memberships", icon: <Crown size={20} />, label: "Memberships" },
    ...(admin ? [{ to: "/administration", icon: <ShieldCheck size={20} />, label: "Administration" }] : []),
    ...(otherStaff
      ? [
          { to: "/admin/products", icon: <Package size={20} />, label: "Products" },
          { to: "/admin/orders", icon: <ClipboardList size={20} />, label: "Orders" },
        ]
      : []),
    { to: "/settings/account", icon: <LogOut size={20} />, label: "Account Actions" },
  ];
  return (
    <div className="page settings-page">
      <PageHeader title="Settings" back="/">
        {me ? <p className="page-subtitle">{me.fullName || me.email || "Your account"}</p> : null}
      </PageHeader>
      <MenuList label="Settings" entries={entries} />
    </div>
  );
}
