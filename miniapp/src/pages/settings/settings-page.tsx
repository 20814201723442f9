import { ChevronRight, Crown, Lock, LogOut, Palette, Receipt, ShieldCheck, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/page-header";
import { signedInUser, useAuth } from "../../state/auth";
import { hasRole } from "../../state/role-cache";
import { useRoles } from "../../state/roles";

function MenuLink({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <li>
      <Link to={to} className="menu-link">
        <span className="menu-icon" aria-hidden="true">
          {icon}
        </span>
        <span className="menu-label">{label}</span>
        <ChevronRight size={18} className="menu-chevron" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** /settings: the account's menu; Administration only for admins. */
export default function SettingsPage() {
  const me = signedInUser(useAuth());
  const roles = useRoles(me?.id ?? null);
  const admin = roles.status === "loaded" && hasRole(roles.roles, "admin");
  return (
    <div className="page settings-page">
      <PageHeader title="Settings" back="/">
        {me ? <p className="page-subtitle">{me.fullName || me.email || "Your account"}</p> : null}
      </PageHeader>
      <nav aria-label="Settings">
        <ul className="menu">
          <MenuLink to="/settings/profile" icon={<UserRound size={20} />} label="Edit Profile" />
          <MenuLink to="/settings/security" icon={<Lock size={20} />} label="Password and Security" />
          <MenuLink to="/settings/appearance" icon={<Palette size={20} />} label="Appearance" />
          <MenuLink to="/settings/purchases" icon={<Receipt size={20} />} label="Purchases" />
          <MenuLink to="/settings/memberships" icon={<Crown size={20} />} label="Memberships" />
          {admin ? (
            <MenuLink to="/administration" icon={<ShieldCheck size={20} />} label="Administration" />
          ) : null}
          <MenuLink to="/settings/account" icon={<LogOut size={20} />} label="Account Actions" />
        </ul>
      </nav>
    </div>
  );
}
