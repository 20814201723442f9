import {
  ArrowLeft,
  ChevronRight,
  Crown,
  FileText,
  Filter,
  LayoutTemplate,
  Package,
  Upload,
  Users,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

const links: { to: string; label: string; icon: ReactNode }[] = [
  { to: "/admin/settings", label: "Edit Landing Page", icon: <LayoutTemplate size={20} /> },
  { to: "/admin/users", label: "Users", icon: <Users size={20} /> },
  { to: "/admin/memberships", label: "Memberships", icon: <Crown size={20} /> },
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
      <div className="page-header">
        <Link to="/settings" className="icon-button page-back" aria-label="Back">
          <ArrowLeft size={22} aria-hidden="true" />
        </Link>
        <div className="page-header-text">
          <h1 className="page-title">Administration</h1>
        </div>
      </div>
      <nav aria-label="Administration">
        <ul className="menu">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="menu-link">
                <span className="menu-icon" aria-hidden="true">
                  {link.icon}
                </span>
                <span className="menu-label">{link.label}</span>
                <ChevronRight size={18} className="menu-chevron" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
