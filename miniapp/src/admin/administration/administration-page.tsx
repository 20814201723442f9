import {
  ChartColumn,
  Crown,
  FileText,
  Filter,
  LayoutTemplate,
  Package,
  Receipt,
  Upload,
  Users,
} from "lucide-react";
import { type MenuEntry, MenuList } from "../../components/menu-list";
import { PageHeader } from "../../components/page-header";

const links: MenuEntry[] = [
  { to: "/admin/dashboard", label: "Dashboard", icon: <ChartColumn size={20} /> },
  { to: "/admin/settings", label: "Edit Landing Page", icon: <LayoutTemplate size={20} /> },
  { to: "/admin/users", label: "Users", icon: <Users size={20} /> },
  { to: "/admin/memberships", label: "Memberships", icon: <Crown size={20} /> },
  { to: "/admin/orders", label: "Orders", icon: <Receipt size={20} /> },
  { to: "/admin/content-filters", label: "Content Filters", icon: <Filter size={20} /> },
  { to: "/admin/terms-of-service", label: "Terms of Service", icon: <FileText size={20} /> },
  { to: "/admin/privacy-policy", label: "Privacy Policy", icon: <FileText size={20} /> },
  { to: "/admin/refund-policy", label: "Refund Policy", icon: <FileText size={20} /> },
  { to: "/admin/shipping-policy", label: "Shipping Policy", icon: <FileText size={20} /> },
  { to: "/admin/cancellation-policy", label: "Cancellation Policy", icon: <FileText size={20} /> },
  { to: "/admin/products", label: "Products", icon: <Package size={20} /> },
  { to: "/admin/upload-products", label: "Upload Products", icon: <Upload size={20} /> },
];

/** /administration (admins): the way into every admin screen; Back goes to /settings. */
export default function AdministrationPage() {
  return (
    <div className="page settings-page">
      <PageHeader title="Administration" back="/settings" />
      <MenuList label="Administration" entries={links} />
    </div>
  );
}
