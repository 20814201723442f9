import { lazy, type ReactNode } from "react";
import { Navigate, type RouteObject, useRoutes } from "react-router";
import type { ScreenPath } from "#api/contracts/app-links";
import { AppLayout } from "./app-layout";
import { RequireAuth } from "./auth/require-auth";
import { lazyWithTexts } from "./i18n/lazy-with-texts";
import OpenCart from "./shop/cart/open-cart";

// Each page is its own chunk; the layout (header, drawers) renders at once while a page loads.
const HomePage = lazy(() => import("./home/home-page"));
// The staff screens, their guard and their table load with the first of them, never with the first screen.
const AdminScreen = lazy(() => import("./admin/admin-screens"));
const ProductPage = lazyWithTexts(() => import("./shop/product/product-page"));
const NotFoundPage = lazyWithTexts(() => import("./home/not-found-page"));
const AuthPage = lazyWithTexts(() => import("./auth/auth-page"));
const ForgotPasswordPage = lazyWithTexts(() => import("./auth/forgot-password-page"));
const ResetPasswordPage = lazyWithTexts(() => import("./auth/reset-password-page"));
const VerifyEmailPage = lazyWithTexts(() => import("./auth/verify-email-page"));
const SetupLinkPage = lazyWithTexts(() => import("./auth/setup-link-page"));
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
const ChatsPage = lazyWithTexts(() => import("./chats/chats-page"));
const HelpPage = lazyWithTexts(() => import("./support/help-page"));

const signedIn = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;
/** Each screen's element by its path in app-links' screenPaths (one entry per path, none without one). */
const screens: Record<ScreenPath, ReactNode> = {
  "/": <HomePage />,
  "/product/:id": <ProductPage />,
  "/cart": <OpenCart />,
  "/auth": <AuthPage />,
  "/forgot-password": <ForgotPasswordPage />,
  "/reset-password": <ResetPasswordPage />,
  "/verify-email": <VerifyEmailPage />,
  "/setup": <SetupLinkPage />,
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
  "/settings/chats": signedIn(<ChatsPage />),
  "/settings/help": signedIn(<HelpPage />),
  // The other admin screens come in later issues.
  "/admin": <Navigate to={"/admin/settings" satisfies ScreenPath} replace />,
  "/administration": <AdminScreen path="/administration" />,
  "/admin/dashboard": <AdminScreen path="/admin/dashboard" />,
  "/admin/settings": <AdminScreen path="/admin/settings" />,
  "/admin/users": <AdminScreen path="/admin/users" />,
  "/admin/memberships": <AdminScreen path="/admin/memberships" />,
  "/admin/orders": <AdminScreen path="/admin/orders" />,
  "/admin/inbox": <AdminScreen path="/admin/inbox" />,
  "/admin/broadcasts": <AdminScreen path="/admin/broadcasts" />,
  "/admin/referrals": <AdminScreen path="/admin/referrals" />,
  "/admin/promo-codes": <AdminScreen path="/admin/promo-codes" />,
  "/admin/chats": <AdminScreen path="/admin/chats" />,
  "/admin/setup": <AdminScreen path="/admin/setup" />,
  "/admin/products": <AdminScreen path="/admin/products" />,
  "/admin/upload-products": <AdminScreen path="/admin/upload-products" />,
  "/admin/edit-product/:id": <AdminScreen path="/admin/edit-product/:id" />,
  "/admin/content-filters": <AdminScreen path="/admin/content-filters" />,
  "/admin/terms-of-service": <AdminScreen path="/admin/terms-of-service" />,
  "/admin/privacy-policy": <AdminScreen path="/admin/privacy-policy" />,
  "/admin/refund-policy": <AdminScreen path="/admin/refund-policy" />,
  "/admin/shipping-policy": <AdminScreen path="/admin/shipping-policy" />,
  "/admin/cancellation-policy": <AdminScreen path="/admin/cancellation-policy" />,
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
