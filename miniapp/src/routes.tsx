import { lazy, type ReactNode } from "react";
import { Navigate, type RouteObject, useRoutes } from "react-router";
import { AppLayout } from "./components/app-layout";
import { RequireAuth } from "./components/require-auth";
import { StaffGuard } from "./components/staff-guard";

// Each page is its own chunk; the layout (header, drawers) renders at once while a page loads.
const HomePage = lazy(() => import("./pages/home-page"));
const ProductPage = lazy(() => import("./pages/product-page"));
const NotFoundPage = lazy(() => import("./pages/not-found-page"));
const AuthPage = lazy(() => import("./pages/auth-page"));
const ForgotPasswordPage = lazy(() => import("./pages/forgot-password-page"));
const ResetPasswordPage = lazy(() => import("./pages/reset-password-page"));
const VerifyEmailPage = lazy(() => import("./pages/verify-email-page"));
const LegalPage = lazy(() => import("./pages/legal-page"));
const SettingsPage = lazy(() => import("./pages/settings/settings-page"));
const ProfilePage = lazy(() => import("./pages/settings/profile-page"));
const SecurityPage = lazy(() => import("./pages/settings/security-page"));
const AppearancePage = lazy(() => import("./pages/settings/appearance-page"));
const NotificationsPage = lazy(() => import("./pages/settings/notifications-page"));
const PurchasesPage = lazy(() => import("./pages/settings/purchases-page"));
const AccountPage = lazy(() => import("./pages/settings/account-page"));
const MembershipsPage = lazy(() => import("./pages/settings/memberships-page"));
const AdministrationPage = lazy(() => import("./pages/admin/administration-page"));
const DashboardPage = lazy(() => import("./pages/admin/dashboard/dashboard-page"));
const UsersPage = lazy(() => import("./pages/admin/users-page"));
const MembershipsAdminPage = lazy(() => import("./pages/admin/memberships-admin-page"));
const OrdersAdminPage = lazy(() => import("./pages/admin/orders-admin-page"));
const PolicyAdminPage = lazy(() => import("./pages/admin/policy-admin-page"));
const ContentFiltersPage = lazy(() => import("./pages/admin/content-filters-page"));
const SettingsAdminPage = lazy(() => import("./pages/admin/settings-admin-page"));
const ProductsAdminPage = lazy(() => import("./pages/admin/products-admin-page"));
const UploadProductPage = lazy(() => import("./pages/admin/product-form/upload-product-page"));
const EditProductPage = lazy(() => import("./pages/admin/product-form/edit-product-page"));

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
