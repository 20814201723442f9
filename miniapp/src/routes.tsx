import { lazy, type ReactNode } from "react";
import { createBrowserRouter, Navigate } from "react-router";
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
const LegalPage = lazy(() => import("./pages/legal-page"));
const SettingsPage = lazy(() => import("./pages/settings/settings-page"));
const ProfilePage = lazy(() => import("./pages/settings/profile-page"));
const SecurityPage = lazy(() => import("./pages/settings/security-page"));
const AppearancePage = lazy(() => import("./pages/settings/appearance-page"));
const PurchasesPage = lazy(() => import("./pages/settings/purchases-page"));
const AccountPage = lazy(() => import("./pages/settings/account-page"));
const MembershipsPage = lazy(() => import("./pages/settings/memberships-page"));
const AdministrationPage = lazy(() => import("./pages/admin/administration-page"));
const UsersPage = lazy(() => import("./pages/admin/users-page"));
const MembershipsAdminPage = lazy(() => import("./pages/admin/memberships-admin-page"));

const signedIn = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;
const adminOnly = (page: ReactNode) => <StaffGuard allow={["admin"]}>{page}</StaffGuard>;

export function createRouter() {
  return createBrowserRouter([
    {
      path: "/",
      element: <AppLayout />,
      children: [
        { index: true, element: <HomePage /> },
        { path: "product/:id", element: <ProductPage /> },
        { path: "auth", element: <AuthPage /> },
        { path: "forgot-password", element: <ForgotPasswordPage /> },
        { path: "reset-password", element: <ResetPasswordPage /> },
        { path: "terms-of-service", element: <LegalPage type="terms" /> },
        { path: "privacy-policy", element: <LegalPage type="privacy" /> },
        { path: "settings", element: signedIn(<SettingsPage />) },
        { path: "settings/profile", element: signedIn(<ProfilePage />) },
        { path: "settings/security", element: signedIn(<SecurityPage />) },
        { path: "settings/appearance", element: signedIn(<AppearancePage />) },
        { path: "settings/purchases", element: signedIn(<PurchasesPage />) },
        { path: "settings/account", element: signedIn(<AccountPage />) },
        { path: "settings/memberships", element: signedIn(<MembershipsPage />) },
        { path: "administration", element: adminOnly(<AdministrationPage />) },
        {
          path: "admin",
          children: [
            // The landing page editor (/admin/settings) and the other admin screens come in later issues.
            { index: true, element: <Navigate to="/admin/settings" replace /> },
            { path: "users", element: adminOnly(<UsersPage />) },
            { path: "memberships", element: adminOnly(<MembershipsAdminPage />) },
          ],
        },
        { path: "*", element: <NotFoundPage /> },
      ],
    },
  ]);
}
