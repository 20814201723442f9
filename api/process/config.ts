import { availableParallelism } from "node:os";
import { z } from "zod";
import { planPaymentModes } from "#api/contracts/plan-payments";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
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

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
        .optional(),
    ),
    DATA_DIR: z.string().default("./data"),
    // `npm run admin -- restore`: bytes a backup may unpack to (each tar entry's header and contents),
    // counted while it unpacks. Unset: the largest of 1 GiB, 4 × the data it replaces and 4 × the file.
    RESTORE_MAX_BYTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1024).optional()),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    LOG_LEVEL: z.enum(["info", "silent"]).default("info"),
    SEED_DEMO_DATA: booleanFlag("false"),
    // An adults-only shop stays out of search engines unless its owner says otherwise.
    SEARCH_INDEXING: booleanFlag("false"),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    // argon2 checks at once: one per core but one, which stays with the event loop (other requests).
    PASSWORD_WORKERS: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(Math.max(1, availableParallelism() - 1)),
    // Password checks waiting beyond those; a login, sign-up or change past them answers 503.
    PASSWORD_QUEUE: z.coerce
      .number()
      .int()
      .min(0)
      .max(10_000)
      .default(2 * availableParallelism()),
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
    BOT_API_ROOT: z
      .url()
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
    AUTH_MAX_AGE: z.coerce.number().int().min(60).default(86_400),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    ADMIN_TELEGRAM_IDS: commaList.pipe(z.array(z.string().regex(/^\d+$/, "must be numeric Telegram ids"))),
    ADMIN_EMAILS: commaList.transform((list) => list.map((email) => email.toLowerCase())),

    // Password-reset mail. Without SMTP_URL links go by bot, else to the server log.
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    MAIL_FROM: z.string().default("Members Shop <no-reply@localhost>"),
    // Behind one reverse proxy: take the client address from X-Forwarded-For.
    TRUST_PROXY: booleanFlag("false"),
    // Bytes a non-upload request body may have (JSON); counted while it arrives. Uploads have their own.
    JSON_BODY_LIMIT: z.coerce
      .number()
      .int()
      .min(1024)
      .default(64 * 1024),

    // Media storage: local disk under DATA_DIR, or S3-compatible object storage shared by processes.
    STORAGE: z.enum(["local", "s3"]).default("local"),
    // An S3-compatible server (MinIO, R2, ...); unset means AWS.
    S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().default("us-east-1"),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    // Where the bucket is publicly readable (a CDN): stored files get URLs there instead of /media/.
    S3_PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    // Event streams (GET /api/events). Each holds a socket (a file descriptor) for as long as it lives.
    // Streams per client address; phones behind one carrier NAT share an address, hence not lower.
    SSE_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    // Streams per process. Members' streams are re-checked in one query whose parameters stay below
    // Postgres's 65,535.
    SSE_MAX_STREAMS: z.coerce.number().int().min(1).max(60_000).default(5000),
    // The server ends a stream after this long (plus up to 10% jitter); the client reconnects.
    SSE_MAX_LIFETIME_SECONDS: z.coerce.number().int().min(1).default(1800),
    // server.maxConnections: sockets beyond it are closed at once. Default SSE_MAX_STREAMS + 1000.
    MAX_CONNECTIONS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).optional()),
    // On SIGTERM or SIGINT: seconds requests in flight and the bot's current updates get to finish.
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    // Prometheus metrics: GET /metrics on the app's port with `Authorization: Bearer <METRICS_TOKEN>`,
    // and/or without a token on METRICS_PORT (keep that port private). Neither: no metrics served.
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(16, "must be at least 16 characters").optional(),
    ),
    METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
    // How a member gets a paid tier: free (at once, as the original product did: decision 021), manual (an admin approves
    // a request), stars (a Telegram Stars subscription) or invoice (Telegram Payments through a payment
    // provider, an invoice each 30 days: decision 109); members without Telegram request manually.
    // Unset: stars where the bot runs, else manual (`npm run dev`: free).
    PLAN_PAYMENTS: z.preprocess(emptyToUndefined, z.enum(planPaymentModes).optional()),
    // PLAN_PAYMENTS=invoice: the payment provider's token from @BotFather (Bot Settings › Payments). A secret.
    PAYMENT_PROVIDER_TOKEN: optionalString,
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
    PLAN_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(3),
    // Days a referred friend's first paid plan must hold (not refunded) before both get the reward (decision 114).
    REFERRAL_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(7),
    // Hours a member's kept cart stays untouched before its one reminder through the bot (decision 106).
    CART_REMINDER_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    // Hours a join request to a gated chat waits for the person's plan before it is declined, and a
    // person the gate saw in a gated chat without an account waits to link one (decision 120).
    JOIN_REQUEST_WAIT_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    // Messages per second the outbox sends through the bot, over all processes together (decision 104):
    // under the Bot API's 30 per second for a bot's free broadcasting.
    BROADCAST_RATE: z.coerce.number().int().min(1).max(1000).default(25),
    // The same for a paid broadcast (allow_paid_broadcast: Telegram charges Stars beyond the free rate).
    BROADCAST_PAID_RATE: z.coerce.number().int().min(1).max(1000).default(1000),
    // Shopify Storefront API: the store (example.myshopify.com) and a private Storefront token, or
    // SHOPIFY_API_URL, the whole GraphQL endpoint (tests, proxies). Without them no storefront items.
    SHOPIFY_STORE_DOMAIN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]*\.[a-z]{2,}$/i, "must be a host name such as example.myshopify.com")
        .optional(),
    ),
    SHOPIFY_STOREFRONT_TOKEN: optionalString,
    SHOPIFY_API_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    // An OpenAI-compatible vision model for the strain analysis of product images. Without a key the
    // analysis answers that it failed and the product form is filled in by hand. The key is a secret:
    // it is sent only to OPENAI_BASE_URL and never logged.
    OPENAI_API_KEY: optionalString,
    // Another OpenAI-compatible server (a proxy, a self-hosted model, the tests' fake); unset: OpenAI.
    OPENAI_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
    // Milliseconds one call to the model may take (it is retried once).
    OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    // Admins hear of a product whose stock falls to this or below (once per crossing).
    LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).default(5),
  })
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

/** The only reader of process.env. Fails with one readable line per bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}
