import {
  ChartColumn,
  ClipboardCheck,
  Crown,
  FileText,
  Filter,
  Gift,
  Inbox,
  LayoutTemplate,
  Megaphone,
  Package,
  Receipt,
  Ticket,
  Upload,
  Users,
  UsersRound,
} from "lucide-react";
import { type MenuEntry, MenuList } from "../../components/menu-list";
import { PageHeader } from "../../components/page-header";
import type { AdminTextKey } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";

const links: (Omit<MenuEntry, "label"> & { label: AdminTextKey })[] = [
  { to: "/admin/dashboard", label: "admin.menu.dashboard", icon: <ChartColumn size={20} /> },
  { to: "/admin/settings", label: "admin.menu.landingPage", icon: <LayoutTemplate size={20} /> },
  { to: "/admin/users", label: "admin.menu.users", icon: <Users size={20} /> },
  { to: "/admin/memberships", label: "admin.menu.memberships", icon: <Crown size={20} /> },
  { to: "/admin/orders", label: "admin.menu.orders", icon: <Receipt size={20} /> },
  { to: "/admin/inbox", label: "admin.menu.inbox", icon: <Inbox size={20} /> },
  { to: "/admin/broadcasts", label: "admin.menu.broadcasts", icon: <Megaphone size={20} /> },
  { to: "/admin/referrals", label: "referral.admin.menu", icon: <Gift size={20} /> },
  { to: "/admin/promo-codes", label: "promo.admin.menu", icon: <Ticket size={20} /> },
  { to: "/admin/chats", label: "admin.menu.chats", icon: <UsersRound size={20} /> },
  { to: "/admin/setup", label: "admin.menu.setup", icon: <ClipboardCheck size={20} /> },
  { to: "/admin/content-filters", label: "admin.menu.contentFilters", icon: <Filter size={20} /> },
  { to: "/admin/terms-of-service", label: "admin.menu.terms", icon: <FileText size={20} /> },
  { to: "/admin/privacy-policy", label: "admin.menu.privacy", icon: <FileText size={20} /> },
  { to: "/admin/refund-policy", label: "admin.menu.refund", icon: <FileText size={20} /> },
  { to: "/admin/shipping-policy", label: "admin.menu.shipping", icon: <FileText size={20} /> },
  { to: "/admin/cancellation-policy", label: "admin.menu.cancellation", icon: <FileText size={20} /> },
  { to: "/admin/products", label: "admin.menu.products", icon: <Package size={20} /> },
  { to: "/admin/upload-products", label: "admin.menu.uploadProducts", icon: <Upload size={20} /> },
];

/** /administration (admins): the way into every admin screen; Back goes to /settings. */
export default function AdministrationPage() {
  const { t } = useT();
  const entries: MenuEntry[] = links.map((link) => ({ ...link, label: t(link.label) }));
  return (
    <div className="page settings-page">
      <PageHeader title={t("admin.menu.title")} back="/settings" />
      <MenuList label={t("admin.menu.title")} entries={entries} />
    </div>
  );
}
