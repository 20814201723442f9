/**
 * Every screen's path as the router matches it (react-router's patterns: `:id` is one segment),
 * under the app's layout; any other path is Not Found. routes.tsx gives each its element, and the
 * links the server and the bot build are tested against these (tests/api/app-links.test.ts).
 * Browser-safe and free of React, so a Node test can read it.
 */
export const screenPaths = {
  home: "/",
  product: "/product/:id",
  // A cart reminder's button opens the cart: the shop with its drawer.
  cart: "/cart",
  auth: "/auth",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  verifyEmail: "/verify-email",
  terms: "/terms-of-service",
  privacy: "/privacy-policy",
  settings: "/settings",
  profile: "/settings/profile",
  security: "/settings/security",
  appearance: "/settings/appearance",
  notifications: "/settings/notifications",
  purchases: "/settings/purchases",
  account: "/settings/account",
  memberships: "/settings/memberships",
  invite: "/settings/invite",
  help: "/settings/help",
  administration: "/administration",
  admin: "/admin",
  adminDashboard: "/admin/dashboard",
  adminSettings: "/admin/settings",
  adminUsers: "/admin/users",
  adminMemberships: "/admin/memberships",
  adminOrders: "/admin/orders",
  adminInbox: "/admin/inbox",
  adminBroadcasts: "/admin/broadcasts",
  adminReferrals: "/admin/referrals",
  adminPromoCodes: "/admin/promo-codes",
  adminProducts: "/admin/products",
  adminUploadProducts: "/admin/upload-products",
  adminEditProduct: "/admin/edit-product/:id",
  adminContentFilters: "/admin/content-filters",
  adminTerms: "/admin/terms-of-service",
  adminPrivacy: "/admin/privacy-policy",
  adminRefund: "/admin/refund-policy",
  adminShipping: "/admin/shipping-policy",
  adminCancellation: "/admin/cancellation-policy",
} as const;

export type Screen = keyof typeof screenPaths;
/** A screen's path: routes.tsx keys its elements by these, so only the type reaches the bundle. */
export type ScreenPath = (typeof screenPaths)[Screen];
