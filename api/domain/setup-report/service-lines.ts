import { resolve } from "node:path";
import type { SetupReport } from "#api/contracts/setup-report";
import { withTimeout } from "#api/domain/operations";
import { migrationState } from "#db/migrate";
import type { Database, ServiceContext } from "../context";
import { errorText } from "./telegram-lines";

/** How long the mail relay and the bucket get to answer. */
const SERVICE_TIMEOUT_MS = 5000;

/** SMTP_URL's host and port as the relay is reached: never its user or password. */
function smtpServer(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.hostname}:${url.port || (url.protocol === "smtps:" ? "465" : "25")}`;
}

/** SMTP: off without SMTP_URL; otherwise the relay must answer and take the login. */
export async function mailLine(ctx: Pick<ServiceContext, "config" | "mailer">): Promise<SetupReport["mail"]> {
  const smtpUrl = ctx.config.SMTP_URL;
  const facts = { server: smtpUrl ? smtpServer(smtpUrl) : null, from: ctx.config.MAIL_FROM, error: null };
  if (!ctx.mailer) return { ...facts, state: "off", problem: "not_configured" };
  try {
    await withTimeout(ctx.mailer.verify(), SERVICE_TIMEOUT_MS);
    return { ...facts, state: "ok", problem: null };
  } catch (error) {
    return { ...facts, state: "problem", problem: "unreachable", error: errorText(error) };
  }
}

/** Where media lives; the bucket must answer a HEAD (a missing object is an answer). */
export async function storageLine(
  ctx: Pick<ServiceContext, "config" | "storage">,
): Promise<SetupReport["storage"]> {
  const { config } = ctx;
  const kind = config.STORAGE;
  const where =
    kind === "local"
      ? resolve(config.DATA_DIR, "media")
      : `${config.S3_ENDPOINT ?? `s3.${config.S3_REGION}.amazonaws.com`}/${config.S3_BUCKET ?? ""}`;
  try {
    await withTimeout(ctx.storage.stat("channel-assets", "setup-check"), SERVICE_TIMEOUT_MS);
    return { state: "ok", problem: null, kind, where, error: null };
  } catch (error) {
    return { state: "problem", problem: "unreachable", kind, where, error: errorText(error) };
  }
}

/** The database's kind and whether this version's migrations are all applied. */
export async function databaseLine(
  ctx: Pick<ServiceContext, "db">,
  kind: Database["kind"],
): Promise<SetupReport["database"]> {
  const { pending, unknown } = await migrationState(ctx.db);
  return {
    state: pending > 0 ? "problem" : "ok",
    problem: pending > 0 ? "migrations_pending" : null,
    kind,
    pending,
    newer: unknown,
  };
}

/** The OpenAI-compatible model: configured (OPENAI_API_KEY) or off; never called from here (it costs). */
export function modelLine(config: ServiceContext["config"]): SetupReport["model"] {
  if (!config.OPENAI_API_KEY) return { state: "off", model: null, server: null };
  return {
    state: "ok",
    model: config.OPENAI_MODEL,
    server: config.OPENAI_BASE_URL ? new URL(config.OPENAI_BASE_URL).host : "api.openai.com",
  };
}
