import { createRoute } from "@hono/zod-openapi";
import { setupReportSchema, testMailSchema } from "#api/contracts/setup-report";
import { sendTestMail, setupReport } from "#api/domain/setup-report";
import type { AppDeps } from "../deps";
import { requireRole } from "../middleware/auth";
import { requestLanguage } from "../request-language";
import { access, answers, guardedRouter, refusals } from "./openapi-route";

const admin = access("admin");

const reportRoute = createRoute({
  method: "get",
  path: "/",
  summary:
    "The setup report (decision 121): the bot (its state, Telegram's last error), how updates arrive (the webhook URL Telegram holds), the Mini App's URL, the channel and the bot's rights there, payments, mail, storage, the database and the model, each ok, a problem or off, with its facts; no secret",
  description: admin,
  responses: { 200: answers(setupReportSchema), ...refusals(401, 403) },
});

const testMailRoute = createRoute({
  method: "post",
  path: "/test-mail",
  summary:
    "Mail a test to the admin's own address now, through SMTP_URL; the relay's refusal is said in its words",
  description: admin,
  responses: { 200: answers(testMailSchema), ...refusals(401, 403, 422, 502, 503) },
});

/** Mounted at /admin/setup: Administration › Setup, for admins only. */
export const adminSetupRoutes = (deps: AppDeps) =>
  guardedRouter(requireRole("admin"))
    .openapi(reportRoute, async (c) => c.json(await setupReport(deps, deps.database.kind), 200))
    .openapi(testMailRoute, async (c) =>
      c.json(await sendTestMail(deps, c.var.user.userId, requestLanguage(c)), 200),
    );
