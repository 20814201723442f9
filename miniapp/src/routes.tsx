import { lazy, type ReactNode } from "react";
import { Navigate, type RouteObject, useRoutes } from "react-router";
import { lazyAdmin } from "./admin/lazy-admin";
import { RequireAuth } from "./auth/require-auth";
import { StaffGuard } from "./auth/staff-guard";
import { AppLayout } from "./components/app-layout";

// Each page is its own chunk; the layout (header, drawers) renders at once while a page loads.
const HomePage = lazy(() => import("./home/home-page"));
const ProductPage = lazy(() => import("./shop/product/product-page"));
const NotFoundPage = lazy(() => import("./home/not-found-page"));
const AuthPage = lazy(() => import("./auth/auth-page"));
const ForgotPasswordPage = lazy(() => import("./auth/forgot-password-page"));
const ResetPasswordPage = lazy(() => import("./auth/reset-password-page"));
const VerifyEmailPage = lazy(() => import("./auth/verify-email-page"));
const LegalPage = lazy(() => import("./legal/legal-page"));
const SettingsPage = lazy(() => import("./settings/settings-page"));
const ProfilePage = lazy(() => import("./settings/profile-page"));
const SecurityPage = lazy(() => import("./settings/security-page"));
const AppearancePage = lazy(() => import("./settings/appearance-page"));
const NotificationsPage = lazy(() => import("./settings/notifications-page"));
const PurchasesPage = lazy(() => import("./settings/purchases-page"));
const AccountPage = lazy(() => import("./settings/account-page"));
const MembershipsPage = lazy(() => import("./settings/memberships-page"));
const AdministrationPage = lazyAdmin(() => import("./admin/administration/administration-page"));
const DashboardPage = lazyAdmin(() => import("./admin/dashboard/dashboard-page"));
const UsersPage = lazyAdmin(() => import("./admin/users/users-page"));
const MembershipsAdminPage = lazyAdmin(() => import("./admin/memberships/memberships-admin-page"));
const OrdersAdminPage = lazyAdmin(() => import("./admin/orders/orders-admin-page"));
const PolicyAdminPage = lazyAdmin(() => import("./admin/policies/policy-admin-page"));
const ContentFiltersPage = lazyAdmin(() => import("./admin/content-filters/content-filters-page"));
const SettingsAdminPage = lazyAdmin(() => import("./admin/settings/settings-admin-page"));
const ProductsAdminPage = lazyAdmin(() => import("./admin/products/products-admin-page"));
const UploadProductPage = lazyAdmin(() => import("./admin/product-form/upload-product-page"));
const EditProductPage = lazyAdmin(() => import("./admin/product-form/edit-product-page"));

const signedIn = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;
const adminOnly = (page: ReactNode) => <StaffGuard allow={["admin"]}>{page}</StaffGuard>;
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
