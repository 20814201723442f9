import OpenAI from "openai";
import type { Config } from "#api/process/config";

export type OpenAiConfig = Pick<
  Config,
  "OPENAI_API_KEY" | "OPENAI_BASE_URL" | "OPENAI_MODEL" | "OPENAI_TIMEOUT_MS"
>;

// One retry: the SDK retries timeouts, 429 (after its Retry-After) and 5xx; a person is waiting.
export const OPENAI_MAX_RETRIES = 1;

/** The longest one call through the client may take: each attempt's time limit, and its retry's. */
export const openAiCallMs = (config: OpenAiConfig) => config.OPENAI_TIMEOUT_MS * (OPENAI_MAX_RETRIES + 1);

/** The OpenAI-compatible model is configured when it has a key (OPENAI_API_KEY). */
export const openAiConfigured = (config: OpenAiConfig) => Boolean(config.OPENAI_API_KEY);

/**
 * The `openai` SDK's client for the configured model; undefined without OPENAI_API_KEY. Everything
 * explicit, so the SDK reads no environment variable of its own (config.ts is the only reader) and
 * logs nothing (requests hold images and members' posts).
 */
export function openAiClient(config: OpenAiConfig): OpenAI | undefined {
  if (!config.OPENAI_API_KEY) return undefined;
  return new OpenAI({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL ?? null,
    organization: null,
    project: null,
    webhookSecret: null,
    timeout: config.OPENAI_TIMEOUT_MS,
    maxRetries: OPENAI_MAX_RETRIES,
    logLevel: "off",
  });
}
