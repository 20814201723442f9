/**
 * The Mini App's addresses, the one place the bot, the server and the Mini App read them from: every
 * screen's path as the router matches it, the paths links open, and Telegram's start parameters
 * (`t.me/<bot>/<app>?startapp=<parameter>`). Free of zod and React, so the first screen may import
 * from it; tests/api/app-links.test.ts checks every link built against `screenPaths`.
 */

/**
 * Every screen's path as the router matches it (react-router's patterns: `:id` is one segment),
 * under the app's layout; any other path is Not Found. miniapp/src/routes.tsx gives each its element.
 */
/**
 * The member's chats: a constant of its own because a start parameter opens it, and the launch's
 * routing (startParamRoute, in the Mini App's first load) must not carry every other path with it.
 */
const CHATS_PATH = "/settings/chats";

export const screenPaths = {
  home: "/",
  product: "/product/:id",
  // A cart reminder's button opens the cart: the shop with its drawer.
  cart: "/cart",
  auth: "/auth",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  verifyEmail: "/verify-email",
  // The first admin's one-time link, printed at a start while no account holds admin (decision 122).
  setupLink: "/setup",
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
  // The chats (channel, groups) a member's plan opens, each with Join (decision 120).
  chats: CHATS_PATH,
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
  adminChats: "/admin/chats",
  // What the server sees of the bot, the channel, payments, mail and the rest (decision 121).
  adminSetup: "/admin/setup",
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
/** A screen's path: routes.tsx keys its elements by these, so only the type reaches its bundle. */
export type ScreenPath = (typeof screenPaths)[Screen];
/** The staff screens' paths: their table loads with the first of them (miniapp/src/admin/admin-screens.tsx). */
export type AdminPath = Extract<ScreenPath, "/administration" | `/admin/${string}`>;

/** A promo code as links carry it (`startapp=promo_<CODE>`, `/?promo=CODE`): letters and digits. */
export const PROMO_CODE = /^[A-Za-z0-9]{1,32}$/;
/** A referral code as links carry it (`startapp=ref_<code>`, `/?ref=<code>`): letters and digits. */
export const REFERRAL_CODE = /^[A-Za-z0-9]{4,32}$/;

/** A product's page. */
export const productPath = (id: string) => `/product/${id}`;
/** The feed, at one message. */
export const messagePath = (id: string) => `/?message=${id}`;
/** The first admin's one-time setup link (decision 122). */
export const setupLinkPath = (token: string) => `/setup?token=${encodeURIComponent(token)}`;
/** Memberships, where Manage Your Plan opens with the code (decision 112). */
export const promoPath = (code: string) => `/settings/memberships?promo=${code}`;
/** The home page through a member's referral link: the sign-up that follows carries the code. */
export const referralPath = (code: string) => `/?ref=${code}`;

/**
 * Memberships opened for a join request to a gated chat (decision 120): the plan picker, and the
 * request approved once the plan grants the chat. `sendChatJoinRequestWebApp` opens this path.
 */
export const joinChatPath = (chatId: string) => `/settings/memberships?join=${chatId}`;
/** A Telegram chat id as a join path carries it: a signed integer. */
export const CHAT_ID = /^-?\d{1,16}$/;

/** Telegram's start parameters: each is its prefix followed by an id or a code. */
export const startParams = {
  product: "product_",
  message: "msg_",
  promo: "promo_",
  referral: "ref_",
  // The whole parameter: the chats a member's plan opens (a gated chat's announcement, decision 120).
  chats: "chats",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The value after `prefix` when `startParam` carries one that `pattern` accepts, else undefined. */
function startParamValue(startParam: string | null | undefined, prefix: string, pattern: RegExp) {
  const value = startParam?.trim();
  if (!value?.startsWith(prefix)) return undefined;
  const rest = value.slice(prefix.length);
  return pattern.test(rest) ? rest : undefined;
}

/** The code a referral's start parameter (`ref_<code>`) carries, else undefined. */
export const referralCodeOfStartParam = (startParam: string | null | undefined) =>
  startParamValue(startParam, startParams.referral, REFERRAL_CODE);

/**
 * The path a start parameter opens: `product_<id>` the product's page, `msg_<id>` the feed at that
 * message (the id in lower case, as ids are canonical), `promo_<CODE>` Memberships with the code,
 * `chats` the member's chats;
 * null for any other (a referral's stays on the home page: the server reads it at sign-in).
 */
export function startParamRoute(startParam: string | null | undefined): string | null {
  if (startParam?.trim() === startParams.chats) return CHATS_PATH;
  const promo = startParamValue(startParam, startParams.promo, PROMO_CODE);
  if (promo) return promoPath(promo);
  const product = startParamValue(startParam, startParams.product, UUID);
  if (product) return productPath(product.toLowerCase());
  const message = startParamValue(startParam, startParams.message, UUID);
  return message ? messagePath(message.toLowerCase()) : null;
}

/**
 * Where a start parameter opens the Mini App inside Telegram: through its short name when it has
 * one, else the bot's main Mini App. The parameter comes last, so a prefix makes a link prefix.
 */
export const startAppUrl = (bot: string, appShortName: string | undefined, startParam: string) =>
  appShortName
    ? `https://t.me/${bot}/${appShortName}?startapp=${startParam}`
    : `https://t.me/${bot}?startapp=${startParam}`;

/** A page of the app at its public address (trailing slashes dropped). */
export const publicPageUrl = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, "")}${path}`;
