import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { z } from "zod";
import { planPaymentModes } from "#api/contracts/plan-payments";

// A variable set to nothing (`PORT=`) is a variable left unset: its default applies.
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
/** A token or key pasted whole: one word, as a header or a URL carries it. */
const secret = z.preprocess(
  emptyToUndefined,
  z.string().regex(/^\S+$/, "must have no spaces or line breaks (pasted whole?)").optional(),
);
/** A whole number in a range, the range said when it is not one. */
function wholeNumber(min: number, max?: number) {
  const message =
    max === undefined
      ? `must be a whole number, at least ${min}`
      : `must be a whole number from ${min} to ${max}`;
  const number = z.coerce.number({ error: message }).int(message).min(min, message);
  return max === undefined ? number : number.max(max, message);
}
const whole = (min: number, max: number | undefined, fallback: number) =>
  z.preprocess(emptyToUndefined, wholeNumber(min, max).default(fallback));
const optionalWhole = (min: number, max?: number) =>
  z.preprocess(emptyToUndefined, wholeNumber(min, max).optional());
/** An address of a web server: http or https only. */
const httpUrl = () => z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });
const optionalHttpUrl = z.preprocess(emptyToUndefined, httpUrl().optional());
/** HOST: an IP address (0.0.0.0, ::) or a host name (localhost). */
const hostName =
  /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
/** MAIL_FROM: `address` or `Name <address>`. */
const mailbox = /^([^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/;
const booleanFlag = (fallback: "true" | "false") =>
  z
    .enum(["true", "false"])
    .default(fallback)
    .transform((v) => v === "true");
/** "a, b,,c" -> ["a", "b", "c"] */
const commaList = z
  .string()
  .default("")
  .transform((v) =>
    v
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  );

const s3Required = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
/** Variables the cross-variable rules read. */
const crossChecked: string[] = [
  "BOT_MODE",
  "BOT_TOKEN",
  "PUBLIC_URL",
  "SMTP_URL",
  "STORAGE",
  "PLAN_PAYMENTS",
  "PAYMENT_PROVIDER_TOKEN",
  ...s3Required,
];
/** ISO 4217 codes this runtime can format (and so charge in its smallest unit). */
const knownCurrencies = new Set(Intl.supportedValuesOf("currency"));

/** Every setting, each read and checked on its own (what a bad value of it says: its line). */
export const settingsSchema = z.object({
  PORT: whole(0, 65535, 3000),
  HOST: z
    .string()
    .default("0.0.0.0")
    .refine(
      (host) => isIP(host) !== 0 || hostName.test(host),
      "must be an IP address or a host name such as 0.0.0.0, :: or localhost",
    ),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (url) => /^postgres(ql)?:$/.test(URL.parse(url)?.protocol ?? "") && !!URL.parse(url)?.hostname,
        "must be a postgres://user:password@host:5432/database URL",
      )
      .optional(),
  ),
  // Checked where it is used (api/process/start-checks.ts): a directory this process can write.
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  // `npm run admin -- restore`: bytes a backup may unpack to (each tar entry's header and contents),
  // counted while it unpacks. Unset: the largest of 1 GiB, 4 × the data it replaces and 4 × the file.
  RESTORE_MAX_BYTES: optionalWhole(1024),
  PUBLIC_URL: optionalHttpUrl,
  LOG_LEVEL: z.enum(["info", "silent"]).default("info"),
  SEED_DEMO_DATA: booleanFlag("false"),
  // An adults-only shop stays out of search engines unless its owner says otherwise.
  SEARCH_INDEXING: booleanFlag("false"),
  DB_POOL_SIZE: whole(1, 100, 10),
  // argon2 checks at once: one per core but one, which stays with the event loop (other requests).
  PASSWORD_WORKERS: whole(1, 64, Math.max(1, availableParallelism() - 1)),
  // Password checks waiting beyond those; a login, sign-up or change past them answers 503.
  PASSWORD_QUEUE: whole(0, 10_000, 2 * availableParallelism()),
  // Checked at start (api/process/start-checks.ts): it must hold the built Mini App.
  STATIC_DIR: optionalString,

  // Telegram. Without BOT_TOKEN the bot is off and Telegram sign-in answers "not configured".
  BOT_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d+:[A-Za-z0-9_-]+$/, "must look like 123456:ABC-DEF...")
      .optional(),
  ),
  // auto: off without BOT_TOKEN, webhook with PUBLIC_URL, else long polling. "off" keeps Telegram
  // sign-in (initData needs only the token) while another process runs the bot, or none does.
  BOT_MODE: z.enum(["auto", "off", "polling", "webhook"]).default("auto"),
  // A self-hosted Bot API server (telegram-bot-api) instead of Telegram's.
  BOT_API_ROOT: httpUrl()
    .default("https://api.telegram.org")
    .transform((url) => url.replace(/\/+$/, "")),
  // The channel the bot relays into the feed and posts to: its numeric id (-100...) or @username.
  // The bot must be an admin there. Without it the feed holds only posts made in the app.
  TELEGRAM_CHANNEL_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(-?\d+|@[A-Za-z][A-Za-z0-9_]{3,31})$/, "must be a numeric chat id or an @username")
      .optional(),
  ),
  // The Mini App's short name from BotFather (t.me/<bot>/<short name>); links then open it directly.
  TELEGRAM_APP_SHORT_NAME: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_]{3,30}$/, "must be the Mini App's short name (3-30 of A-Z a-z 0-9 _)")
      .optional(),
  ),
  // Telegram's secret_token rules; derived from BOT_TOKEN when unset.
  WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,256}$/, "must be 1-256 of A-Z a-z 0-9 _ -")
      .optional(),
  ),
  // Seconds a Mini App launch (initData auth_date) stays good for signing in.
  AUTH_MAX_AGE: whole(60, undefined, 86_400),
  SESSION_TTL_DAYS: whole(1, 365, 30),
  ADMIN_TELEGRAM_IDS: commaList.pipe(z.array(z.string().regex(/^\d+$/, "must be numeric Telegram ids"))),
  ADMIN_EMAILS: commaList
    .transform((list) => list.map((email) => email.toLowerCase()))
    .pipe(z.array(z.email("must be email addresses, separated by commas"))),

  // Password-reset mail. Without SMTP_URL links go by bot, else to the server log.
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  MAIL_FROM: z
    .string()
    .default("Members Shop <no-reply@localhost>")
    .refine((from) => mailbox.test(from.trim()), "must be an address or Name <address>"),
  // Behind one reverse proxy: take the client address from X-Forwarded-For.
  TRUST_PROXY: booleanFlag("false"),
  // Bytes a non-upload request body may have (JSON); counted while it arrives. Uploads have their own.
  JSON_BODY_LIMIT: whole(1024, undefined, 64 * 1024),

  // Media storage: local disk under DATA_DIR, or S3-compatible object storage shared by processes.
  STORAGE: z.enum(["local", "s3"]).default("local"),
  // An S3-compatible server (MinIO, R2, ...); unset means AWS.
  S3_ENDPOINT: optionalHttpUrl,
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 of a-z 0-9 . -)")
      .optional(),
  ),
  S3_REGION: z
    .string()
    .default("us-east-1")
    .pipe(z.string().regex(/^[a-z0-9-]+$/, "must be a region such as us-east-1 (or auto)")),
  S3_ACCESS_KEY_ID: secret,
  S3_SECRET_ACCESS_KEY: secret,
  // Where the bucket is publicly readable (a CDN): stored files get URLs there instead of /media/.
  S3_PUBLIC_URL: optionalHttpUrl,
  // Event streams (GET /api/events). Each holds a socket (a file descriptor) for as long as it lives.
  // Streams per client address; phones behind one carrier NAT share an address, hence not lower.
  SSE_MAX_PER_ADDRESS: whole(1, undefined, 20),
  // Streams per process. Members' streams are re-checked in one query whose parameters stay below
  // Postgres's 65,535.
  SSE_MAX_STREAMS: whole(1, 60_000, 5000),
  // The server ends a stream after this long (plus up to 10% jitter); the client reconnects.
  SSE_MAX_LIFETIME_SECONDS: whole(1, undefined, 1800),
  // server.maxConnections: sockets beyond it are closed at once. Default SSE_MAX_STREAMS + 1000.
  MAX_CONNECTIONS: optionalWhole(1),
  // On SIGTERM or SIGINT: seconds requests in flight and the bot's current updates get to finish.
  SHUTDOWN_TIMEOUT_SECONDS: whole(0, 3600, 10),
  // Prometheus metrics: GET /metrics on the app's port with `Authorization: Bearer <METRICS_TOKEN>`,
  // and/or without a token on METRICS_PORT (keep that port private). Neither: no metrics served.
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(16, "must be at least 16 characters")
      .regex(/^\S+$/, "must have no spaces or line breaks (pasted whole?)")
      .optional(),
  ),
  METRICS_PORT: optionalWhole(1, 65535),
  // How a member gets a paid tier: free (at once, as the original product did: decision 021), manual (an admin approves
  // a request), stars (a Telegram Stars subscription) or invoice (Telegram Payments through a payment
  // provider, an invoice each 30 days: decision 109); members without Telegram request manually.
  // Unset: stars where the bot runs, else manual (`npm run dev`: free).
  PLAN_PAYMENTS: z.preprocess(emptyToUndefined, z.enum(planPaymentModes).optional()),
  // PLAN_PAYMENTS=invoice: the payment provider's token from @BotFather (Bot Settings › Payments). A secret.
  PAYMENT_PROVIDER_TOKEN: secret,
  // PLAN_PAYMENTS=invoice: the currency a tier's monthly price is charged in (ISO 4217, not XTR).
  PAYMENT_CURRENCY: z
    .string()
    .default("USD")
    .transform((code) => code.toUpperCase())
    .refine(
      (code) => code !== "XTR" && knownCurrencies.has(code),
      "must be an ISO 4217 currency code such as EUR",
    ),
  // Days a Stars plan whose renewal did not arrive stays on, marked "Payment due", before it lapses (decision 107).
  PLAN_GRACE_DAYS: whole(0, 60, 3),
  // Days a referred friend's first paid plan must hold (not refunded) before both get the reward (decision 114).
  REFERRAL_HOLD_DAYS: whole(0, 365, 7),
  // Hours a member's kept cart stays untouched before its one reminder through the bot (decision 106).
  CART_REMINDER_HOURS: whole(1, 720, 24),
  // Hours a join request to a gated chat waits for the person's plan before it is declined, and a
  // person the gate saw in a gated chat without an account waits to link one (decision 120).
  JOIN_REQUEST_WAIT_HOURS: whole(1, 720, 24),
  // Messages per second the outbox sends through the bot, over all processes together (decision 104):
  // under the Bot API's 30 per second for a bot's free broadcasting.
  BROADCAST_RATE: whole(1, 1000, 25),
  // The same for a paid broadcast (allow_paid_broadcast: Telegram charges Stars beyond the free rate).
  BROADCAST_PAID_RATE: whole(1, 1000, 1000),
  // Shopify Storefront API: the store (example.myshopify.com) and a private Storefront token, or
  // SHOPIFY_API_URL, the whole GraphQL endpoint (tests, proxies). Without them no storefront items.
  SHOPIFY_STORE_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]*\.[a-z]{2,}$/i, "must be a host name such as example.myshopify.com")
      .optional(),
  ),
  SHOPIFY_STOREFRONT_TOKEN: secret,
  SHOPIFY_API_URL: optionalHttpUrl,
  // An OpenAI-compatible vision model for the strain analysis of product images. Without a key the
  // analysis answers that it failed and the product form is filled in by hand. The key is a secret:
  // it is sent only to OPENAI_BASE_URL and never logged.
  OPENAI_API_KEY: secret,
  // Another OpenAI-compatible server (a proxy, a self-hosted model, the tests' fake); unset: OpenAI.
  OPENAI_BASE_URL: optionalHttpUrl,
  OPENAI_MODEL: z.preprocess(
    emptyToUndefined,
    z.string().regex(/^\S+$/, "must be a model's name such as gpt-4o-mini").default("gpt-4o-mini"),
  ),
  // Milliseconds one call to the model may take (it is retried once).
  OPENAI_TIMEOUT_MS: whole(100, undefined, 30_000),
  // Admins hear of a product whose stock falls to this or below (once per crossing).
  LOW_STOCK_THRESHOLD: whole(0, undefined, 5),
});

const configSchema = settingsSchema
  // Rules across variables, reported with the other bad variables (zod would skip them after any
  // failure) as long as the variables they read are themselves valid.
  .superRefine(
    (config, ctx) => {
      if (config.BOT_MODE === "webhook" && !config.PUBLIC_URL) {
        ctx.addIssue({
          code: "custom",
          path: ["BOT_MODE"],
          message: "webhook needs PUBLIC_URL (the https address Telegram posts to)",
        });
      }
      // Reset links are built only from PUBLIC_URL, never from a request's Host header: anything
      // that sends them (mail, or the bot whenever it runs) needs it.
      const botRuns = config.BOT_TOKEN !== undefined && config.BOT_MODE !== "off";
      if (!config.PUBLIC_URL && (config.SMTP_URL || botRuns)) {
        ctx.addIssue({
          code: "custom",
          path: ["PUBLIC_URL"],
          message: `is required with ${config.SMTP_URL ? "SMTP_URL" : "the bot (BOT_TOKEN without BOT_MODE=off)"}: password reset links are built from it`,
        });
      }
      // Telegram opens a Mini App, its buttons and a webhook only at an https address.
      if (botRuns && config.PUBLIC_URL?.startsWith("http:")) {
        ctx.addIssue({
          code: "custom",
          path: ["PUBLIC_URL"],
          message:
            "must be an https:// URL with the bot (BOT_TOKEN without BOT_MODE=off): Telegram opens the Mini App and sends its webhook only over https",
        });
      }
      if (config.PLAN_PAYMENTS === "invoice" && !config.PAYMENT_PROVIDER_TOKEN) {
        ctx.addIssue({
          code: "custom",
          path: ["PAYMENT_PROVIDER_TOKEN"],
          message: "is required with PLAN_PAYMENTS=invoice: the payment provider's token from @BotFather",
        });
      }
      if (config.STORAGE === "s3") {
        for (const name of s3Required) {
          if (!config[name])
            ctx.addIssue({ code: "custom", path: [name], message: "required when STORAGE=s3" });
        }
      }
    },
    {
      when: ({ issues }) => !issues.some((issue) => crossChecked.includes(String(issue.path?.[0]))),
    },
  )
  .transform((config) => ({
    ...config,
    // A paid tier is never free unless the operator says so (`npm run dev` does, for the demo):
    // Stars where the bot runs to take them, else an admin approves each request.
    PLAN_PAYMENTS:
      config.PLAN_PAYMENTS ??
      (config.BOT_TOKEN !== undefined && config.BOT_MODE !== "off" ? "stars" : "manual"),
  }));

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** The only reader of process.env. Fails with one readable line per bad variable (its first fault). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const faults = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const variable = String(issue.path[0]);
    if (!faults.has(variable)) faults.set(variable, issue.message);
  }
  const lines = [...faults].map(([variable, message]) => `  ${variable}: ${message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}
