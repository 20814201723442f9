import { Crown, Lock, LogOut, Palette, Receipt, ShieldCheck, UserRound } from "lucide-react";
import { type MenuEntry, MenuList } from "../../components/menu-list";
import { PageHeader } from "../../components/page-header";
import { signedInUser, useAuth } from "../../state/auth";
import { hasRole } from "../../state/role-cache";
import { useRoles } from "../../state/roles";

/** /settings: the account's menu; Administration only for admins. */
export default function SettingsPage() {
  const me = signedInUser(useAuth());
  const roles = useRoles(me?.id ?? null);
  const admin = roles.status === "loaded" && hasRole(roles.roles, "admin");
  const entries: MenuEntry[] = [
    { to: "/settings/profile", icon: <UserRound size={20} />, label: "Edit Profile" },
    { to: "/settings/security", icon: <Lock size={20} />, label: "Password and Security" },
    { to: "/settings/appearance", icon: <Palette size={20} />, label: "Appearance" },
    { to: "/settings/purchases", icon: <Receipt size={20} />, label: "Purchases" },
    { to: "/settings/memberships", icon: <Crown size={20} />, label: "Memberships" },
    ...(admin ? [{ to: "/administration", icon: <ShieldCheck size={20} />, label: "Administration" }] : []),
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
