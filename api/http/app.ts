import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { routePath } from "hono/route";
import { secureHeaders } from "hono/secure-headers";
import { z } from "zod";
import { WEBHOOK_PATH } from "#api/contracts/bot-status";
import { Refusal } from "#api/domain/refusal";
import { errorFields } from "#api/process/logger";
import { methodLabel } from "#api/process/metrics";
import { inRequest, REQUEST_ID_HEADER, requestIdFor } from "#api/process/request-scope";
import { compressJson } from "./compression";
import { contentSecurityPolicy } from "./content-security-policy";
import type { AppDeps } from "./deps";
import { AppError, errorResponse } from "./errors";
import { deepJsonMessage, MAX_JSON_DEPTH, nestedDeeperThan } from "./json-depth";
import { loadSession } from "./middleware/auth";
import { apiDocument, documentRoute } from "./openapi";
import { refusalResponse } from "./refusals";
import { accountRoutes } from "./routes/account";
import { adminRoutes } from "./routes/admin";
import { adminDashboardRoutes } from "./routes/admin-dashboard";
import { adminLegalRoutes } from "./routes/admin-legal";
import { adminProductRoutes } from "./routes/admin-products";
import { adminSettingsRoutes } from "./routes/admin-settings";
import { authRoutes } from "./routes/auth";
import { broadcastRoutes } from "./routes/broadcasts";
import { cartRoutes } from "./routes/cart";
import { channelRoutes } from "./routes/channel";
import { checkoutRoutes, staffOrderRoutes } from "./routes/checkout";
import { eventRoutes } from "./routes/events";
import { exportRoutes } from "./routes/exports";
import { feedRoutes } from "./routes/feed";
import { adminGateRoutes, memberGateRoutes } from "./routes/gate";
import { healthRoutes } from "./routes/health";
import { legalRoutes } from "./routes/legal";
import { mediaRoutes, mediaSandbox } from "./routes/media";
import { metricsRoutes } from "./routes/metrics";
import { openApiRouter } from "./routes/openapi-route";
import { planRoutes } from "./routes/plans";
import { productRoutes } from "./routes/products";
import { adminPromoCodeRoutes, memberPromoRoutes } from "./routes/promo-codes";
import { adminReferralRoutes, memberReferralRoutes } from "./routes/referrals";
import { robotsRoutes } from "./routes/robots";
import { setupLinkRoutes } from "./routes/setup-link";
import { adminSetupRoutes } from "./routes/setup-report";
import { shareRoutes } from "./routes/share";
import { shellData } from "./routes/shell-data";
import { staticRoutes } from "./routes/static";
import { stockAlertRoutes } from "./routes/stock-alerts";
import { STRAIN_ANALYSIS_PATH, strainAnalysisRoutes } from "./routes/strain-analysis";
import { inboxRoutes, memberSupportRoutes } from "./routes/support";

/** A route that reads a JSON body refuses any other kind (415). */
const unsupportedBodyMessage = "Send the request body as JSON (Content-Type: application/json)";

const telegramUpdateSchema = z.looseObject({ update_id: z.number().int().nonnegative() });

/**
 * A body that is no Telegram update (not JSON, nested too deep, no integer update_id) is refused
 * before the bot reads it.
 */
const telegramUpdateOnly = createMiddleware(async (c, next) => {
  const body: unknown = await c.req.json().catch(() => undefined);
  if (nestedDeeperThan(body, MAX_JSON_DEPTH)) return errorResponse(c, "bad_request", deepJsonMessage);
  if (!telegramUpdateSchema.safeParse(body).success) {
    return errorResponse(c, "bad_request", "Not a Telegram update");
  }
  await next();
});

/**
 * An /api answer may be kept only where its route says so: the catalogue, channel and legal texts
 * answer everyone alike and set their own revalidation. Everything else, above all whatever a
 * session sees, is `no-store`.
 */
const noStoreUnlessPublic = createMiddleware(async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
});

/** The /api routes; their type is what the Mini App's typed client sees. */
export function createApi(deps: AppDeps) {
  let document: object | undefined;
  const root = openApiRouter();
  root.use("*", loadSession(deps));
  root.use("*", noStoreUnlessPublic);
  const api = root
    .route("/", healthRoutes(deps))
    .route("/", channelRoutes(deps))
    .route("/", productRoutes(deps))
    .route("/", stockAlertRoutes(deps))
    .route("/", legalRoutes(deps))
    .route("/", feedRoutes(deps))
    .route("/", planRoutes(deps))
    .route("/", memberReferralRoutes(deps))
    .route("/", memberGateRoutes(deps))
    .route("/", memberPromoRoutes(deps))
    .route("/", eventRoutes(deps))
    .route("/", authRoutes(deps))
    .route("/", accountRoutes(deps))
    .route("/", cartRoutes(deps))
    .route("/", checkoutRoutes(deps))
    .route("/", memberSupportRoutes(deps))
    .route("/", shareRoutes(deps))
    .route("/", setupLinkRoutes(deps))
    // Staff routes before the admin router: its admin-only check would otherwise cover them too.
    .route("/admin/orders", staffOrderRoutes(deps))
    .route("/admin/conversations", inboxRoutes(deps))
    .route("/admin/exports", exportRoutes(deps))
    .route("/admin/products", adminProductRoutes(deps))
    .route("/admin/strain-analysis", strainAnalysisRoutes(deps))
    .route("/admin/legal", adminLegalRoutes(deps))
    .route("/admin/settings", adminSettingsRoutes(deps))
    .route("/admin/dashboard", adminDashboardRoutes(deps))
    .route("/admin/broadcasts", broadcastRoutes(deps))
    .route("/admin/referrals", adminReferralRoutes(deps))
    .route("/admin/promo-codes", adminPromoCodeRoutes(deps))
    .route("/admin/chats", adminGateRoutes(deps))
    .route("/admin/setup", adminSetupRoutes(deps))
    .route("/admin", adminRoutes(deps))
    .openapi(documentRoute, (c) => {
      document ??= apiDocument(api);
      return c.json(document, 200);
    });
  return api;
}

export type AppType = ReturnType<typeof createApi>;

export function createApp(deps: AppDeps) {
  const app = new Hono();

  app.use("*", async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFor(c.req.header("x-request-id"), deps.config.TRUST_PROXY);
    c.header(REQUEST_ID_HEADER, requestId);
    await inRequest(requestId, next);
    // Answers made as whole Responses (static files, media) do not carry c.header's headers.
    if (!c.res.headers.has(REQUEST_ID_HEADER)) c.res.headers.set(REQUEST_ID_HEADER, requestId);
    const seconds = (performance.now() - started) / 1000;
    deps.log.request({ requestId, method: c.req.method, path: c.req.path, status: c.res.status, seconds });
    // The matched route's pattern (/api/products/:id), never the path: ids are not labels.
    const labels = {
      route: routePath(c) || "unmatched",
      method: methodLabel(c.req.method),
      status: String(c.res.status),
    };
    deps.metrics.httpRequests.inc(labels);
    deps.metrics.httpDuration.observe(labels, seconds);
  });

  // Before the secure headers below, so its headers are set after theirs: media keeps its sandbox.
  app.use("/media/*", mediaSandbox);

  app.use(
    "*",
    secureHeaders({
      // Telegram Web shows the Mini App in an iframe on web.telegram.org.
      xFrameOptions: false,
      contentSecurityPolicy: contentSecurityPolicy(deps.config),
      crossOriginResourcePolicy: "same-site",
    }),
  );

  // Every body but an upload is read whole (JSON): counted while it arrives, refused past the limit.
  // Uploads stream through the upload pipeline, which enforces each kind's own limit; the strain
  // analysis (an image as base64) has its own limit on its route.
  const jsonLimit = bodyLimit({
    maxSize: deps.config.JSON_BODY_LIMIT,
    onError: (c) => errorResponse(c, "too_large", "Request body is too large"),
  });
  app.use("*", (c, next) =>
    /^multipart\/form-data/i.test(c.req.header("content-type") ?? "") || c.req.path === STRAIN_ANALYSIS_PATH
      ? next()
      : jsonLimit(c, next),
  );

  app.use("/api/*", compressJson());
  // The same app, typed with the /api routes: what hono/testing's testClient reads.
  const typed = app.route("/api", createApi(deps));
  // Telegram posts updates here in webhook mode; grammY checks the secret token header.
  if (deps.telegramWebhook) app.post(WEBHOOK_PATH, telegramUpdateOnly, deps.telegramWebhook);
  app.all("/api/*", (c) => errorResponse(c, "not_found", "Not found"));
  if (deps.config.METRICS_TOKEN) app.route("/", metricsRoutes(deps, deps.config.METRICS_TOKEN));
  app.route("/media", mediaRoutes(deps));
  app.route("/", robotsRoutes(deps.config.SEARCH_INDEXING));
  if (deps.staticDir)
    app.route(
      "/",
      staticRoutes(deps.staticDir, (c) => shellData(deps, c)),
    );

  app.notFound((c) => errorResponse(c, "not_found", "Not found"));
  app.onError((error, c) => {
    if (error instanceof Refusal) return refusalResponse(c, error);
    if (error instanceof AppError) return errorResponse(c, error.code, error.message, error.headers);
    if (error instanceof HTTPException && error.status === 415) {
      return errorResponse(c, "unsupported_media_type", unsupportedBodyMessage);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, error.status === 413 ? "too_large" : "bad_request", error.message);
    }
    deps.log.error("unhandled error", { path: c.req.path, ...errorFields(error) });
    return errorResponse(c, "internal", "Something went wrong. Please try again.");
  });

  return typed;
}
