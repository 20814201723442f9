import type { ClientRequestOptions } from "hono/client";
import { testClient } from "hono/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#api/contracts/roles";
import { startSession } from "#api/domain/auth";
import { legalDocuments } from "#db/schema/index";
import { createMember } from "../helpers/accounts";
import { startTestApp, type TestApp } from "../helpers/test-app";

/**
 * Every /api route the router serves, called as each kind of person, against the table below. The
 * routes come from the router itself, so a new route without a row here fails this file.
 */
type Who = "anonymous" | "member" | "employee" | "moderator" | "admin";
const people: Who[] = ["anonymous", "member", "employee", "moderator", "admin"];

/** The typed client (hono/testing's testClient) over the whole app: paths and inputs as declared. */
type Client = ReturnType<typeof testClient<TestApp["app"]>>;
type Api = Client["api"];

interface Row {
  status: Record<Who, number>;
  /**
   * The call, made with the typed client. Bodies are chosen so no call changes who anyone is; an
   * invalid one (to be refused once allowed) is cast with `refusedBody`, on purpose.
   */
  call: (api: Api, options: ClientRequestOptions, who: Who) => Promise<Response>;
}

/** A body the route's rules refuse (400 once allowed), sent on purpose: its type is the route's. */
const refusedBody = <T>(body: unknown) => body as T;

const everyone = (status: number): Record<Who, number> => ({
  anonymous: status,
  member: status,
  employee: status,
  moderator: status,
  admin: status,
});
const signedIn = (status: number): Record<Who, number> => ({ ...everyone(status), anonymous: 401 });
const staff = (status: number): Record<Who, number> => ({
  anonymous: 401,
  member: 403,
  employee: status,
  moderator: status,
  admin: status,
});
/** The support inbox: admins and moderators (docs/decisions/105-support-inbox.md). */
const inboxStaff = (status: number): Record<Who, number> => ({ ...staff(status), employee: 403 });
const adminOnly = (status: number): Record<Who, number> => ({
  ...staff(status),
  employee: 403,
  moderator: 403,
});

// In upper case: an id is read in any letter case (and then names nothing here).
const UNKNOWN_ID = "0000000A-0000-4000-8000-00000000000B";

const id = { id: UNKNOWN_ID };
// A Telegram chat the gate does not know.
const UNKNOWN_CHAT = "-1009999999999";
const terms = { type: "terms" as const };
// The reaction is read by the route itself (an unknown one: 404), so the client's type has no field for it.
const heart = { ...id, reaction: "heart" };
const flame = { ...id, reaction: "flame" };

const expected: Record<string, Row> = {
  // Public
  "GET /api/health": { status: everyone(200), call: (api, o) => api.health.$get(undefined, o) },
  "GET /api/ready": { status: everyone(200), call: (api, o) => api.ready.$get(undefined, o) },
  // Metrics: the scraper's METRICS_TOKEN alone, never a session, an admin's included. It is served
  // beside /api (and only with METRICS_TOKEN), so the typed client of /api does not name it.
  "GET /metrics": {
    status: everyone(401),
    call: async (_api, o) =>
      sendThrough(o)("http://localhost/metrics", {
        method: "GET",
        headers: o.headers as Record<string, string>,
      }),
  },
  "GET /api/openapi.json": {
    status: everyone(200),
    call: (api, o) => api["openapi.json"].$get(undefined, o),
  },
  "GET /api/channel": { status: everyone(200), call: (api, o) => api.channel.$get(undefined, o) },
  "GET /api/products": { status: everyone(200), call: (api, o) => api.products.$get({ query: {} }, o) },
  "GET /api/products/:id": {
    status: everyone(404),
    call: (api, o) => api.products[":id"].$get({ param: id }, o),
  },
  "GET /api/products/:id/alert": {
    status: signedIn(404),
    call: (api, o) => api.products[":id"].alert.$get({ param: id }, o),
  },
  "PUT /api/products/:id/alert": {
    status: signedIn(404),
    call: (api, o) => api.products[":id"].alert.$put({ param: id }, o),
  },
  "DELETE /api/products/:id/alert": {
    status: signedIn(404),
    call: (api, o) => api.products[":id"].alert.$delete({ param: id }, o),
  },
  "GET /api/legal/:type": {
    status: everyone(200),
    call: (api, o) => api.legal[":type"].$get({ param: terms }, o),
  },
  "GET /api/events": { status: everyone(200), call: (api, o) => api.events.$get(undefined, o) },
  "POST /api/auth/telegram": {
    status: everyone(401),
    call: (api, o) => api.auth.telegram.$post({ json: refusedBody({}) }, o),
  },
  "POST /api/auth/signup": {
    status: everyone(400),
    call: (api, o) => api.auth.signup.$post({ json: refusedBody({}) }, o),
  },
  "POST /api/auth/login": {
    status: everyone(400),
    call: (api, o) => api.auth.login.$post({ json: refusedBody({}) }, o),
  },
  "POST /api/auth/logout": { status: everyone(200), call: (api, o) => api.auth.logout.$post(undefined, o) },
  "POST /api/auth/password-reset": {
    status: everyone(200),
    call: (api, o, who) => api.auth["password-reset"].$post({ json: { email: `${who}@nowhere.example` } }, o),
  },
  "POST /api/auth/password-reset/confirm": {
    status: everyone(400),
    call: (api, o) => api.auth["password-reset"].confirm.$post({ json: refusedBody({}) }, o),
  },
  "POST /api/auth/verify-email": {
    status: everyone(400),
    call: (api, o) => api.auth["verify-email"].$post({ json: { token: "not-a-token" } }, o),
  },
  // Own account: any signed-in person
  "GET /api/me": { status: signedIn(200), call: (api, o) => api.me.$get(undefined, o) },
  // Plans: tiers for anyone; one's own plan and budget when signed in (an unknown tier: 404).
  "GET /api/tiers": { status: everyone(200), call: (api, o) => api.tiers.$get(undefined, o) },
  "GET /api/me/plan": { status: signedIn(200), call: (api, o) => api.me.plan.$get(undefined, o) },
  // Referrals (docs/decisions/114-referrals.md): the member's own invite page.
  "GET /api/me/referrals": { status: signedIn(200), call: (api, o) => api.me.referrals.$get(undefined, o) },
  // The gate (docs/decisions/120-the-gate.md): the member's chats, and Join (an unknown chat: 404).
  "GET /api/me/chats": { status: signedIn(200), call: (api, o) => api.me.chats.$get(undefined, o) },
  "POST /api/me/chats/:chatId/invite": {
    status: signedIn(404),
    call: (api, o) => api.me.chats[":chatId"].invite.$post({ param: { chatId: UNKNOWN_CHAT } }, o),
  },
  "PUT /api/me/plan": {
    status: signedIn(404),
    call: (api, o) => api.me.plan.$put({ json: { tierId: UNKNOWN_ID } }, o),
  },
  "POST /api/me/plan/invoice": {
    status: signedIn(404),
    call: (api, o) => api.me.plan.invoice.$post({ json: { tierId: UNKNOWN_ID } }, o),
  },
  // Nobody here has a Stars subscription: 404 once signed in.
  "POST /api/me/plan/renewal": {
    status: signedIn(404),
    call: (api, o) => api.me.plan.renewal.$post({ json: { renew: false } }, o),
  },
  "GET /api/me/budget": { status: signedIn(200), call: (api, o) => api.me.budget.$get(undefined, o) },
  // Free trials (decision 113): any signed-in member; an unknown tier is 404 once allowed.
  "POST /api/me/plan/trial": {
    status: signedIn(404),
    call: (api, o) => api.me.plan.trial.$post({ json: { tierId: UNKNOWN_ID } }, o),
  },
  // Promo codes (decision 112): any signed-in member redeems; an unknown code is 404 once allowed.
  "POST /api/me/promo": {
    status: signedIn(404),
    call: (api, o) => api.me.promo.$post({ json: { code: "NoSuchCode" } }, o),
  },
  // The first admin's setup link (decision 122): anyone signed in spends one; a token no start
  // printed is 400 once allowed (and so makes nobody admin here).
  "POST /api/setup/claim": {
    status: signedIn(400),
    call: (api, o) => api.setup.claim.$post({ json: { token: "no-start-printed-this" } }, o),
  },
  // Sharing into Telegram (decision 110): a product for anyone signed in, a post for members past the
  // age gate (every person here is); an unknown one is 404 once allowed.
  "POST /api/share/products/:id": {
    status: signedIn(404),
    call: (api, o) => api.share.products[":id"].$post({ param: id }, o),
  },
  "POST /api/share/posts/:id": {
    status: signedIn(404),
    call: (api, o) => api.share.posts[":id"].$post({ param: id }, o),
  },
  // The channel feed: signed-in members past the age gate (every person here is) read and react;
  // admins and moderators pin and delete (an unknown message: 404 once allowed).
  "GET /api/messages": { status: signedIn(200), call: (api, o) => api.messages.$get({ query: {} }, o) },
  "PUT /api/messages/:id/reactions/:reaction": {
    status: signedIn(404),
    call: (api, o) => api.messages[":id"].reactions[":reaction"].$put({ param: heart }, o),
  },
  "DELETE /api/messages/:id/reactions/:reaction": {
    status: signedIn(404),
    call: (api, o) => api.messages[":id"].reactions[":reaction"].$delete({ param: flame }, o),
  },
  // No model is configured here: 503 once allowed (the route's own tests cover the rest).
  "POST /api/messages/:id/translation": {
    status: signedIn(503),
    call: (api, o) => api.messages[":id"].translation.$post({ param: id }, o),
  },
  // Admins post (a form: this bodiless call is 415 once allowed).
  "POST /api/messages": { status: adminOnly(415), call: (api, o) => api.messages.$post(undefined, o) },
  "PATCH /api/messages/:id": {
    status: { anonymous: 401, member: 403, employee: 403, moderator: 404, admin: 404 },
    call: (api, o) => api.messages[":id"].$patch({ param: id, json: { isPinned: true } }, o),
  },
  "DELETE /api/messages/:id": {
    status: { anonymous: 401, member: 403, employee: 403, moderator: 404, admin: 404 },
    call: (api, o) => api.messages[":id"].$delete({ param: id }, o),
  },
  "PATCH /api/me": {
    status: signedIn(200),
    // The name and the language (Settings › Appearance); English keeps the suite's words English.
    call: (api, o) => api.me.$patch({ json: { fullName: "Matrix", language: "en" } }, o),
  },
  "PATCH /api/me/notifications": {
    status: signedIn(200),
    call: (api, o) => api.me.notifications.$patch({ json: { orderEmails: true } }, o),
  },
  // Nobody here has Telegram: no chat for the bot to write to (409 once signed in).
  "POST /api/me/bot-access": {
    status: signedIn(409),
    call: (api, o) => api.me["bot-access"].$post(undefined, o),
  },
  // The kept cart (decision 106): one's own; an empty cart changes nothing.
  "GET /api/me/cart": { status: signedIn(200), call: (api, o) => api.me.cart.$get(undefined, o) },
  "PUT /api/me/cart": {
    status: signedIn(200),
    call: (api, o) => api.me.cart.$put({ json: { items: [{ productId: UNKNOWN_ID, quantity: 1 }] } }, o),
  },
  "DELETE /api/me": { status: signedIn(400), call: (api, o) => api.me.$delete({ json: refusedBody({}) }, o) },
  "GET /api/me/roles": { status: signedIn(200), call: (api, o) => api.me.roles.$get(undefined, o) },
  "GET /api/me/orders": { status: signedIn(200), call: (api, o) => api.me.orders.$get(undefined, o) },
  "GET /api/me/orders/:id": {
    status: signedIn(404),
    call: (api, o) => api.me.orders[":id"].$get({ param: id }, o),
  },
  "POST /api/me/orders/:id/cancel": {
    status: signedIn(404),
    call: (api, o) => api.me.orders[":id"].cancel.$post({ param: id }, o),
  },
  // Checkout: signed in; no Idempotency-Key is 400 for everyone signed in.
  "POST /api/checkout/credits": {
    status: signedIn(400),
    call: (api, o) => api.checkout.credits.$post({ header: refusedBody({}), json: refusedBody({}) }, o),
  },
  // Anyone may open a Shopify checkout; this app has no store connected.
  "POST /api/checkout/storefront": {
    status: everyone(503),
    call: (api, o) =>
      api.checkout.storefront.$post(
        { json: { lines: [{ merchandiseId: "gid://shopify/ProductVariant/1", quantity: 1 }] } },
        o,
      ),
  },
  "POST /api/me/avatar": { status: signedIn(415), call: (api, o) => api.me.avatar.$post(undefined, o) },
  // The support inbox: a member's own conversation; a message that is no form is refused (415).
  "GET /api/me/conversation": {
    status: signedIn(200),
    call: (api, o) => api.me.conversation.$get(undefined, o),
  },
  "POST /api/me/conversation/messages": {
    status: signedIn(415),
    call: (api, o) => api.me.conversation.messages.$post(undefined, o),
  },
  "POST /api/me/age-verification": {
    status: signedIn(200),
    call: (api, o) => api.me["age-verification"].$post({ json: { confirmed: true } }, o),
  },
  "POST /api/me/password": {
    status: signedIn(400),
    call: (api, o) => api.me.password.$post({ json: refusedBody({}) }, o),
  },
  // This app runs no bot: linking Telegram is 503 (bot_not_running) for everyone signed in.
  "POST /api/me/telegram-link": {
    status: signedIn(503),
    call: (api, o) => api.me["telegram-link"].$post(undefined, o),
  },
  // This app sends no mail: "Send link" is 503 for everyone signed in.
  "POST /api/me/email-verification": {
    status: signedIn(503),
    call: (api, o) => api.me["email-verification"].$post(undefined, o),
  },
  // Administration: admins only
  // Searching and paging change nothing about who may list.
  "GET /api/admin/users": {
    status: adminOnly(200),
    call: (api, o) =>
      api.admin.users.$get({ query: { filter: "pending", search: "a%_", page: "2", pageSize: "5" } }, o),
  },
  "PUT /api/admin/users/:id/role": {
    status: adminOnly(404),
    call: (api, o) => api.admin.users[":id"].role.$put({ param: id, json: { role: "employee" } }, o),
  },
  "GET /api/admin/tiers": { status: adminOnly(200), call: (api, o) => api.admin.tiers.$get(undefined, o) },
  // An invalid body: allowed callers get 400, so the matrix creates nothing.
  "POST /api/admin/tiers": {
    status: adminOnly(400),
    call: (api, o) => api.admin.tiers.$post({ json: refusedBody({ displayName: "" }) }, o),
  },
  "PATCH /api/admin/tiers/:id": {
    status: adminOnly(404),
    call: (api, o) =>
      api.admin.tiers[":id"].$patch(
        { param: id, json: { displayName: "Gold", priceMonthly: "10.00", isActive: true } },
        o,
      ),
  },
  "DELETE /api/admin/tiers/:id": {
    status: adminOnly(404),
    call: (api, o) => api.admin.tiers[":id"].$delete({ param: id }, o),
  },
  // Policies: admins only (a blank body is 400 once allowed, so the matrix publishes nothing).
  "GET /api/admin/legal/:type": {
    status: adminOnly(200),
    call: (api, o) => api.admin.legal[":type"].$get({ param: terms }, o),
  },
  "POST /api/admin/legal/:type": {
    status: adminOnly(400),
    call: (api, o) => api.admin.legal[":type"].$post({ param: terms, json: refusedBody({}) }, o),
  },
  // Landing page settings: an invalid body or a bodiless upload, so the matrix changes nothing; no bot: 503.
  "GET /api/admin/settings": {
    status: adminOnly(200),
    call: (api, o) => api.admin.settings.$get(undefined, o),
  },
  "PUT /api/admin/settings": {
    status: adminOnly(400),
    call: (api, o) => api.admin.settings.$put({ json: refusedBody({ channelName: "" }) }, o),
  },
  "POST /api/admin/settings/logo": {
    status: adminOnly(415),
    call: (api, o) => api.admin.settings.logo.$post(undefined, o),
  },
  "POST /api/admin/settings/hero-video": {
    status: adminOnly(415),
    call: (api, o) => api.admin.settings["hero-video"].$post(undefined, o),
  },
  "POST /api/admin/settings/telegram-sync": {
    status: adminOnly(503),
    call: (api, o) => api.admin.settings["telegram-sync"].$post(undefined, o),
  },
  // Orders are for all staff (mounted before the admin-only router).
  "GET /api/admin/orders": { status: staff(200), call: (api, o) => api.admin.orders.$get({ query: {} }, o) },
  // Exports: orders for all staff, members and products for admins.
  "GET /api/admin/exports/orders.csv": {
    status: staff(200),
    call: (api, o) =>
      api.admin.exports["orders.csv"].$get({ query: { from: "2026-01-01", to: "2026-12-31" } }, o),
  },
  "GET /api/admin/exports/members.csv": {
    status: adminOnly(200),
    call: (api, o) => api.admin.exports["members.csv"].$get(undefined, o),
  },
  "GET /api/admin/exports/products.csv": {
    status: adminOnly(200),
    call: (api, o) => api.admin.exports["products.csv"].$get(undefined, o),
  },
  "GET /api/admin/conversations": {
    status: inboxStaff(200),
    call: (api, o) => api.admin.conversations.$get({ query: {} }, o),
  },
  "GET /api/admin/conversations/:id": {
    status: inboxStaff(404),
    call: (api, o) => api.admin.conversations[":id"].$get({ param: id }, o),
  },
  "POST /api/admin/conversations/:id/messages": {
    status: inboxStaff(404),
    call: (api, o) => api.admin.conversations[":id"].messages.$post({ param: id }, o),
  },
  "POST /api/admin/conversations/:id/read": {
    status: inboxStaff(404),
    call: (api, o) => api.admin.conversations[":id"].read.$post({ param: id }, o),
  },
  "GET /api/admin/orders/:id": {
    status: staff(404),
    call: (api, o) => api.admin.orders[":id"].$get({ param: id }, o),
  },
  "PATCH /api/admin/orders/:id": {
    status: staff(404),
    call: (api, o) => api.admin.orders[":id"].$patch({ param: id, json: { status: "fulfilled" } }, o),
  },
  // The catalogue is for all staff too; a create with nothing in it is refused (400), no row made.
  "GET /api/admin/products": {
    status: staff(200),
    call: (api, o) => api.admin.products.$get({ query: {} }, o),
  },
  "POST /api/admin/products": {
    status: staff(400),
    call: (api, o) => api.admin.products.$post({ json: refusedBody({}) }, o),
  },
  "GET /api/admin/products/:id": {
    status: staff(404),
    call: (api, o) => api.admin.products[":id"].$get({ param: id }, o),
  },
  "PATCH /api/admin/products/:id": {
    status: staff(404),
    call: (api, o) => api.admin.products[":id"].$patch({ param: id, json: { stockQuantity: 1 } }, o),
  },
  "DELETE /api/admin/products/:id": {
    status: staff(404),
    call: (api, o) => api.admin.products[":id"].$delete({ param: id }, o),
  },
  // Its images and certificate (an unknown product: 404 before any byte is stored).
  "POST /api/admin/products/:id/images": {
    status: staff(404),
    call: (api, o) => api.admin.products[":id"].images.$post({ param: id }, o),
  },
  "DELETE /api/admin/products/:id/images": {
    status: staff(404),
    call: (api, o) =>
      api.admin.products[":id"].images.$delete(
        { param: id, json: { url: "/media/product-images/x.webp" } },
        o,
      ),
  },
  "POST /api/admin/products/:id/certificate": {
    status: staff(404),
    call: (api, o) => api.admin.products[":id"].certificate.$post({ param: id }, o),
  },
  // The strain analysis is for all staff too (mounted before the admin-only router); no image: 400.
  "POST /api/admin/strain-analysis": {
    status: staff(400),
    call: (api, o) => api.admin["strain-analysis"].$post({ json: refusedBody({}) }, o),
  },
  // Plan requests and Stars payments are decided by admins (an unknown one: 404).
  "POST /api/admin/plan-requests/:id/approve": {
    status: adminOnly(404),
    call: (api, o) => api.admin["plan-requests"][":id"].approve.$post({ param: id }, o),
  },
  "POST /api/admin/plan-requests/:id/decline": {
    status: adminOnly(404),
    call: (api, o) => api.admin["plan-requests"][":id"].decline.$post({ param: id }, o),
  },
  "GET /api/admin/payments": {
    status: adminOnly(200),
    call: (api, o) => api.admin.payments.$get(undefined, o),
  },
  // The owner's dashboard; a period other than 7, 30 or 90 days is 400 once allowed.
  "GET /api/admin/dashboard": {
    status: adminOnly(200),
    call: (api, o) => api.admin.dashboard.$get({ query: { days: "90" } }, o),
  },
  // Broadcasts: admins only (docs/decisions/108-broadcasts.md). A body that names no segment is 400
  // once allowed, so no broadcast is made; an unknown one is 404.
  "GET /api/admin/broadcasts": {
    status: adminOnly(200),
    call: (api, o) => api.admin.broadcasts.$get({ query: {} }, o),
  },
  "POST /api/admin/broadcasts": {
    status: adminOnly(400),
    call: (api, o) => api.admin.broadcasts.$post({ json: refusedBody({ text: "Hello" }) }, o),
  },
  "POST /api/admin/broadcasts/audience": {
    status: adminOnly(200),
    call: (api, o) => api.admin.broadcasts.audience.$post({ json: { segment: { kind: "all" } } }, o),
  },
  "POST /api/admin/broadcasts/images": {
    status: adminOnly(415),
    call: (api, o) => api.admin.broadcasts.images.$post(undefined, o),
  },
  "GET /api/admin/broadcasts/:id": {
    status: adminOnly(404),
    call: (api, o) => api.admin.broadcasts[":id"].$get({ param: id }, o),
  },
  "POST /api/admin/broadcasts/:id/cancel": {
    status: adminOnly(404),
    call: (api, o) => api.admin.broadcasts[":id"].cancel.$post({ param: id }, o),
  },
  // The referral programme: admins only. A body without a reward is 400 once allowed, so nothing changes.
  "GET /api/admin/chats": {
    status: adminOnly(200),
    call: (api, o) => api.admin.chats.$get(undefined, o),
  },
  "PUT /api/admin/chats/:chatId": {
    status: adminOnly(404),
    call: (api, o) =>
      api.admin.chats[":chatId"].$put(
        { param: { chatId: UNKNOWN_CHAT }, json: { access: { kind: "open" } } },
        o,
      ),
  },
  "POST /api/admin/chats/:chatId/announcement": {
    status: adminOnly(404),
    call: (api, o) => api.admin.chats[":chatId"].announcement.$post({ param: { chatId: UNKNOWN_CHAT } }, o),
  },
  // Administration › Setup (decision 121): admins only. This server has no SMTP_URL, so the test mail
  // is 503 once allowed and nothing is sent.
  "GET /api/admin/setup": {
    status: adminOnly(200),
    call: (api, o) => api.admin.setup.$get(undefined, o),
  },
  "POST /api/admin/setup/test-mail": {
    status: adminOnly(503),
    call: (api, o) => api.admin.setup["test-mail"].$post(undefined, o),
  },
  "GET /api/admin/referrals": {
    status: adminOnly(200),
    call: (api, o) => api.admin.referrals.$get(undefined, o),
  },
  "GET /api/admin/referrals/settings": {
    status: adminOnly(200),
    call: (api, o) => api.admin.referrals.settings.$get(undefined, o),
  },
  "PUT /api/admin/referrals/settings": {
    status: adminOnly(400),
    call: (api, o) =>
      api.admin.referrals.settings.$put({ json: refusedBody({ enabled: true, rewardKind: "credits" }) }, o),
  },
  // Promo codes: admins only. A malformed body is 400 and an unknown code 404 once allowed.
  "GET /api/admin/promo-codes": {
    status: adminOnly(200),
    call: (api, o) => api.admin["promo-codes"].$get(undefined, o),
  },
  "POST /api/admin/promo-codes": {
    status: adminOnly(400),
    call: (api, o) => api.admin["promo-codes"].$post({ json: refusedBody({ code: "" }) }, o),
  },
  "PATCH /api/admin/promo-codes/:id": {
    status: adminOnly(404),
    call: (api, o) => api.admin["promo-codes"][":id"].$patch({ param: id, json: { isActive: false } }, o),
  },
  "POST /api/admin/payments/:id/refund": {
    status: adminOnly(404),
    call: (api, o) => api.admin.payments[":id"].refund.$post({ param: id }, o),
  },
  "POST /api/admin/payments/:id/mark-refunded": {
    status: adminOnly(404),
    call: (api, o) => api.admin.payments[":id"]["mark-refunded"].$post({ param: id }, o),
  },
};

const t = await startTestApp({ env: { METRICS_TOKEN: "matrix-metrics-token-123" } });
const client = testClient(t.app);
afterAll(() => t.close());

const served = [
  ...new Set(
    t.app.routes
      .filter((r) => (r.path.startsWith("/api/") || r.path === "/metrics") && r.method !== "ALL")
      .map((r) => `${r.method} ${r.path}`),
  ),
].sort();

const userIds = new Map<Who, string>();
beforeAll(async () => {
  const roleOf: Record<Exclude<Who, "anonymous">, Role[]> = {
    member: [],
    employee: ["employee"],
    moderator: ["moderator"],
    admin: ["admin"],
  };
  for (const [who, roles] of Object.entries(roleOf) as [Exclude<Who, "anonymous">, Role[]][]) {
    userIds.set(who, (await createMember(t, { roles })).userId);
  }
  await t.services.database.db.insert(legalDocuments).values({ documentType: "terms", content: "# Terms" });
});

/** Which route a sent "METHOD /path" is: the served pattern it matches (a parameter is one segment). */
const routeOf = (sent: string) =>
  served.find((route) =>
    new RegExp(`^${route.replace(/:[A-Za-z_]+/g, "[^/]+").replaceAll(".", "\\.")}$`).test(sent),
  ) ?? `unserved: ${sent}`;

const sendThrough = (options: ClientRequestOptions) => {
  if (!options.fetch) throw new Error("the matrix passes its own fetch");
  return options.fetch;
};

/** A fresh session per call, so sign-out in one row cannot affect another. */
async function headersFor(who: Who): Promise<Record<string, string>> {
  const userId = userIds.get(who);
  if (!userId) return {};
  const { token } = await startSession(t.services.database.db, userId, new Date(), 1);
  return { authorization: `Bearer ${token}` };
}

describe("the authorization matrix", () => {
  it("has an expectation for every route the router serves, and no stale ones", () => {
    const missing = served.filter((route) => !(route in expected));
    expect(missing, "routes with no row in the authorization matrix").toEqual([]);
    const stale = Object.keys(expected).filter((route) => !served.includes(route));
    expect(stale, "rows for routes that no longer exist").toEqual([]);
  });

  describe.each(served)("%s", (route) => {
    it.each(people)("as %s", async (who) => {
      const row = expected[route];
      if (!row) throw new Error(`No expectation for ${route}: add it to the authorization matrix`);
      const controller = new AbortController();
      const sent: string[] = [];
      const res = await row.call(
        client.api,
        {
          headers: await headersFor(who),
          init: { signal: controller.signal },
          // The app itself, as testClient calls it, noting what each call asked for.
          fetch: (input: Request | string | URL, init?: RequestInit) => {
            sent.push(
              `${init?.method ?? "GET"} ${new URL(input instanceof Request ? input.url : input).pathname}`,
            );
            return t.app.request(input, init);
          },
        },
        who,
      );
      // The event stream never ends on its own.
      controller.abort();
      // The row's call reached its own route, once.
      expect(sent.map(routeOf), route).toEqual([route]);
      expect(res.status, `${route} as ${who}`).toBe(row.status[who]);
    });
  });
});
