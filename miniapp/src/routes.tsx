import { lazy, type ReactNode } from "react";
import { Navigate, type RouteObject, useRoutes } from "react-router";
import { RequireAuth } from "./auth/require-auth";
import { AppLayout } from "./components/app-layout";
import { lazyWithAdminTexts, lazyWithTexts } from "./i18n/lazy-with-texts";
import OpenCart from "./shop/cart/open-cart";

// Each page is its own chunk; the layout (header, drawers) renders at once while a page loads.
const HomePage = lazy(() => import("./home/home-page"));
// The staff screens' guard loads with the first staff screen, never with the first screen.
const StaffGuard = lazyWithTexts(() =>
  import("./auth/staff-guard").then(({ StaffGuard }) => ({ default: StaffGuard })),
);
const ProductPage = lazyWithTexts(() => import("./shop/product/product-page"));
const NotFoundPage = lazyWithTexts(() => import("./home/not-found-page"));
const AuthPage = lazyWithTexts(() => import("./auth/auth-page"));
const ForgotPasswordPage = lazyWithTexts(() => import("./auth/forgot-password-page"));
const ResetPasswordPage = lazyWithTexts(() => import("./auth/reset-password-page"));
const VerifyEmailPage = lazyWithTexts(() => import("./auth/verify-email-page"));
const LegalPage = lazyWithTexts(() => import("./legal/legal-page"));
const SettingsPage = lazyWithTexts(() => import("./settings/settings-page"));
const ProfilePage = lazyWithTexts(() => import("./settings/profile-page"));
const SecurityPage = lazyWithTexts(() => import("./settings/security-page"));
const AppearancePage = lazyWithTexts(() => import("./settings/appearance-page"));
const NotificationsPage = lazyWithTexts(() => import("./settings/notifications-page"));
const PurchasesPage = lazyWithTexts(() => import("./settings/purchases-page"));
const AccountPage = lazyWithTexts(() => import("./settings/account-page"));
const MembershipsPage = lazyWithTexts(() => import("./settings/memberships-page"));
const InvitePage = lazyWithTexts(() => import("./referrals/invite-page"));
const HelpPage = lazyWithTexts(() => import("./support/help-page"));
const AdministrationPage = lazyWithAdminTexts(() => import("./admin/administration/administration-page"));
const DashboardPage = lazyWithAdminTexts(() => import("./admin/dashboard/dashboard-page"));
const UsersPage = lazyWithAdminTexts(() => import("./admin/users/users-page"));
const MembershipsAdminPage = lazyWithAdminTexts(() => import("./admin/memberships/memberships-admin-page"));
const OrdersAdminPage = lazyWithAdminTexts(() => import("./admin/orders/orders-admin-page"));
const InboxPage = lazyWithAdminTexts(() => import("./admin/inbox/inbox-page"));
const BroadcastsPage = lazyWithAdminTexts(() => import("./admin/broadcasts/broadcasts-page"));
const PolicyAdminPage = lazyWithAdminTexts(() => import("./admin/policies/policy-admin-page"));
const ContentFiltersPage = lazyWithAdminTexts(() => import("./admin/content-filters/content-filters-page"));
const ReferralsAdminPage = lazyWithAdminTexts(() => import("./admin/referrals/referrals-admin-page"));
const PromoCodesPage = lazyWithAdminTexts(() => import("./admin/promo-codes/promo-codes-page"));
const SettingsAdminPage = lazyWithAdminTexts(() => import("./admin/settings/settings-admin-page"));
const ProductsAdminPage = lazyWithAdminTexts(() => import("./admin/products/products-admin-page"));
const UploadProductPage = lazyWithAdminTexts(() => import("./admin/product-form/upload-product-page"));
const EditProductPage = lazyWithAdminTexts(() => import("./admin/product-form/edit-product-page"));

const signedIn = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;
const adminOnly = (page: ReactNode) => <StaffGuard allow={["admin"]}>{page}</StaffGuard>;
/** The support inbox's staff (docs/decisions/105-support-inbox.md). */
const inboxStaff = (page: ReactNode) => <StaffGuard allow={["admin", "moderator"]}>{page}</StaffGuard>;
const staffOnly = (page: ReactNode) => (
  <StaffGuard allow={["admin", "moderator", "employee"]}>{page}</StaffGuard>
);

const routes: RouteObject[] = [
  {
    path: "/",
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: "product/:id", element: <ProductPage /> },
      // A cart reminder's button opens the cart: the shop with its drawer.
      { path: "cart", element: <OpenCart /> },
      { path: "auth", element: <AuthPage /> },
      { path: "forgot-password", element: <ForgotPasswordPage /> },
      { path: "reset-password", element: <ResetPasswordPage /> },
      { path: "verify-email", element: <VerifyEmailPage /> },
      { path: "terms-of-service", element: <LegalPage type="terms" /> },
      { path: "privacy-policy", element: <LegalPage type="privacy" /> },
      { path: "settings", element: signedIn(<SettingsPage />) },
      { path: "settings/profile", element: signedIn(<ProfilePage />) },
      { path: "settings/security", element: signedIn(<SecurityPage />) },
      { path: "settings/appearance", element: signedIn(<AppearancePage />) },
      { path: "settings/notifications", element: signedIn(<NotificationsPage />) },
      { path: "settings/purchases", element: signedIn(<PurchasesPage />) },
      { path: "settings/account", element: signedIn(<AccountPage />) },
      { path: "settings/memberships", element: signedIn(<MembershipsPage />) },
      { path: "settings/invite", element: signedIn(<InvitePage />) },
      { path: "settings/help", element: signedIn(<HelpPage />) },
      { path: "administration", element: adminOnly(<AdministrationPage />) },
      {
        path: "admin",
        children: [
          // The other admin screens come in later issues.
          { index: true, element: <Navigate to="/admin/settings" replace /> },
          { path: "dashboard", element: adminOnly(<DashboardPage />) },
          { path: "settings", element: adminOnly(<SettingsAdminPage />) },
          { path: "users", element: adminOnly(<UsersPage />) },
          { path: "memberships", element: adminOnly(<MembershipsAdminPage />) },
          { path: "orders", element: staffOnly(<OrdersAdminPage />) },
          { path: "inbox", element: inboxStaff(<InboxPage />) },
          { path: "broadcasts", element: adminOnly(<BroadcastsPage />) },
          { path: "referrals", element: adminOnly(<ReferralsAdminPage />) },
          { path: "promo-codes", element: adminOnly(<PromoCodesPage />) },
          { path: "products", element: staffOnly(<ProductsAdminPage />) },
          { path: "upload-products", element: staffOnly(<UploadProductPage />) },
          { path: "edit-product/:id", element: staffOnly(<EditProductPage />) },
          { path: "content-filters", element: adminOnly(<ContentFiltersPage />) },
          { path: "terms-of-service", element: adminOnly(<PolicyAdminPage type="terms" />) },
          { path: "privacy-policy", element: adminOnly(<PolicyAdminPage type="privacy" />) },
          { path: "refund-policy", element: adminOnly(<PolicyAdminPage type="refund" />) },
          { path: "shipping-policy", element: adminOnly(<PolicyAdminPage type="shipping" />) },
          { path: "cancellation-policy", element: adminOnly(<PolicyAdminPage type="cancellation" />) },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
