import type { ReactNode } from "react";
import type { AdminPath } from "#api/contracts/app-links";
import { lazyWithAdminTexts, lazyWithTexts } from "../i18n/lazy-with-texts";

// The staff screens' guard loads with the first staff screen, never with the first screen.
const StaffGuard = lazyWithTexts(() =>
  import("../auth/staff-guard").then(({ StaffGuard }) => ({ default: StaffGuard })),
);
const AdministrationPage = lazyWithAdminTexts(() => import("./administration/administration-page"));
const DashboardPage = lazyWithAdminTexts(() => import("./dashboard/dashboard-page"));
const UsersPage = lazyWithAdminTexts(() => import("./users/users-page"));
const MembershipsAdminPage = lazyWithAdminTexts(() => import("./memberships/memberships-admin-page"));
const OrdersAdminPage = lazyWithAdminTexts(() => import("./orders/orders-admin-page"));
const InboxPage = lazyWithAdminTexts(() => import("./inbox/inbox-page"));
const BroadcastsPage = lazyWithAdminTexts(() => import("./broadcasts/broadcasts-page"));
const PolicyAdminPage = lazyWithAdminTexts(() => import("./policies/policy-admin-page"));
const ContentFiltersPage = lazyWithAdminTexts(() => import("./content-filters/content-filters-page"));
const ReferralsAdminPage = lazyWithAdminTexts(() => import("./referrals/referrals-admin-page"));
const PromoCodesPage = lazyWithAdminTexts(() => import("./promo-codes/promo-codes-page"));
const ChatsAdminPage = lazyWithAdminTexts(() => import("./chats/chats-admin-page"));
const SetupPage = lazyWithAdminTexts(() => import("./setup/setup-page"));
const SettingsAdminPage = lazyWithAdminTexts(() => import("./settings/settings-admin-page"));
const ProductsAdminPage = lazyWithAdminTexts(() => import("./products/products-admin-page"));
const UploadProductPage = lazyWithAdminTexts(() => import("./product-form/upload-product-page"));
const EditProductPage = lazyWithAdminTexts(() => import("./product-form/edit-product-page"));

const adminOnly = (page: ReactNode) => <StaffGuard allow={["admin"]}>{page}</StaffGuard>;
/** The support inbox's staff (docs/decisions/105-support-inbox.md). */
const inboxStaff = (page: ReactNode) => <StaffGuard allow={["admin", "moderator"]}>{page}</StaffGuard>;
const staffOnly = (page: ReactNode) => (
  <StaffGuard allow={["admin", "moderator", "employee"]}>{page}</StaffGuard>
);

/** Each staff screen's element by its path (one entry per path of app-links' AdminPath). */
const adminScreens: Record<AdminPath, ReactNode> = {
  "/administration": adminOnly(<AdministrationPage />),
  "/admin/dashboard": adminOnly(<DashboardPage />),
  "/admin/settings": adminOnly(<SettingsAdminPage />),
  "/admin/users": adminOnly(<UsersPage />),
  "/admin/memberships": adminOnly(<MembershipsAdminPage />),
  "/admin/orders": staffOnly(<OrdersAdminPage />),
  "/admin/inbox": inboxStaff(<InboxPage />),
  "/admin/broadcasts": adminOnly(<BroadcastsPage />),
  "/admin/referrals": adminOnly(<ReferralsAdminPage />),
  "/admin/promo-codes": adminOnly(<PromoCodesPage />),
  "/admin/chats": adminOnly(<ChatsAdminPage />),
  "/admin/setup": adminOnly(<SetupPage />),
  "/admin/products": staffOnly(<ProductsAdminPage />),
  "/admin/upload-products": staffOnly(<UploadProductPage />),
  "/admin/edit-product/:id": staffOnly(<EditProductPage />),
  "/admin/content-filters": adminOnly(<ContentFiltersPage />),
  "/admin/terms-of-service": adminOnly(<PolicyAdminPage type="terms" />),
  "/admin/privacy-policy": adminOnly(<PolicyAdminPage type="privacy" />),
  "/admin/refund-policy": adminOnly(<PolicyAdminPage type="refund" />),
  "/admin/shipping-policy": adminOnly(<PolicyAdminPage type="shipping" />),
  "/admin/cancellation-policy": adminOnly(<PolicyAdminPage type="cancellation" />),
};

/** The staff screen at `path`, behind its guard (routes.tsx gives every staff path one). */
export default function AdminScreen({ path }: { path: AdminPath }) {
  return adminScreens[path];
}
