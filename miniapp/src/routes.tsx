import { lazy, type ReactNode } from "react";
import { Navigate, type RouteObject, useRoutes } from "react-router";
import type { ScreenPath } from "#api/contracts/app-links";
import { AppLayout } from "./app-layout";
import { RequireAuth } from "./auth/require-auth";
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

/** Each screen's element by its path in app-links' screenPaths (one entry per path, none without one). */
const screens: Record<ScreenPath, ReactNode> = {
  "/": <HomePage />,
  "/product/:id": <ProductPage />,
  "/cart": <OpenCart />,
  "/auth": <AuthPage />,
  "/forgot-password": <ForgotPasswordPage />,
  "/reset-password": <ResetPasswordPage />,
  "/verify-email": <VerifyEmailPage />,
  "/terms-of-service": <LegalPage type="terms" />,
  "/privacy-policy": <LegalPage type="privacy" />,
  "/settings": signedIn(<SettingsPage />),
  "/settings/profile": signedIn(<ProfilePage />),
  "/settings/security": signedIn(<SecurityPage />),
  "/settings/appearance": signedIn(<AppearancePage />),
  "/settings/notifications": signedIn(<NotificationsPage />),
  "/settings/purchases": signedIn(<PurchasesPage />),
  "/settings/account": signedIn(<AccountPage />),
  "/settings/memberships": signedIn(<MembershipsPage />),
  "/settings/invite": signedIn(<InvitePage />),
  "/settings/help": signedIn(<HelpPage />),
  "/administration": adminOnly(<AdministrationPage />),
  // The other admin screens come in later issues.
  "/admin": <Navigate to={"/admin/settings" satisfies ScreenPath} replace />,
  "/admin/dashboard": adminOnly(<DashboardPage />),
  "/admin/settings": adminOnly(<SettingsAdminPage />),
  "/admin/users": adminOnly(<UsersPage />),
  "/admin/memberships": adminOnly(<MembershipsAdminPage />),
  "/admin/orders": staffOnly(<OrdersAdminPage />),
  "/admin/inbox": inboxStaff(<InboxPage />),
  "/admin/broadcasts": adminOnly(<BroadcastsPage />),
  "/admin/referrals": adminOnly(<ReferralsAdminPage />),
  "/admin/promo-codes": adminOnly(<PromoCodesPage />),
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

const routes: RouteObject[] = [
  {
    path: "/",
    element: <AppLayout />,
    children: [
      ...Object.entries(screens).map(
        ([path, element]): RouteObject => (path === "/" ? { index: true, element } : { path, element }),
      ),
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
