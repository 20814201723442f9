import { randomUUID } from "node:crypto";
import { isUuid } from "#api/contracts/ids";
import { defaultLanguage, type Language, shippedLanguage } from "#api/contracts/languages";
import type { MessageTranslation } from "#api/contracts/translation";
import { limits, reserveAttempt } from "#api/domain/auth";
import {
  claimTranslation,
  readTranslation,
  settleTranslation,
  translationSource,
} from "#db/queries/channel/translations";
import type { ServiceContext } from "../context";
import { openAiCallMs } from "../ports/openai-client";
import type { Translator } from "../ports/openai-translator";
import { Refusal } from "../refusal";
import { mayRead } from "./post-access";

/** How often a request waiting for another process's translation looks at its row. */
const POLL_MS = 100;
/** A claim older than the model's longest call and this is abandoned: the next request takes it. */
const STALE_MARGIN_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface MessageTranslations {
  /** The message's text in the reader's language, asking the model only when no one has yet. */
  translate(userId: string, messageId: string): Promise<MessageTranslation>;
}

/**
 * Feed posts translated into the reader's language, once per message and language however many ask
 * (docs/decisions/103): the process's requests for one text share one promise, and across processes
 * the message_translations row is the single flight (db/queries/channel/translations.ts). Refusals: no
 * model translation_not_configured (503); no published message message_not_found; a post for tiers
 * the member is not on post_locked (403, decision 118); no text no_text_to_translate; over the
 * member's limit rate_limited (429: a request not answered from the kept translations counts before
 * it asks or waits); the model's failure translation_failed (502), with nothing kept, so the next
 * request asks again.
 */
export function messageTranslations(
  ctx: Pick<ServiceContext, "db" | "log" | "now" | "config">,
  translator: Translator | undefined,
): MessageTranslations {
  const inFlight = new Map<string, Promise<string>>();
  const staleMs = openAiCallMs(ctx.config) + STALE_MARGIN_MS;

  async function ask(
    translate: Translator,
    messageId: string,
    text: string,
    language: Language,
    claimId: string,
  ) {
    try {
      const translation = await translate(text, language);
      await settleTranslation(ctx.db, messageId, language, claimId, translation);
      return translation;
    } catch (error) {
      // The SDK's errors name the status and kind, never the key; the post is not logged.
      ctx.log.warn("translation failed", {
        messageId,
        language,
        error: error instanceof Error ? `${error.name}: ${error.message.slice(0, 300)}` : String(error),
      });
      await settleTranslation(ctx.db, messageId, language, claimId, null);
      throw new Refusal("translation_failed");
    }
  }

  /** The one answer for this text and language: asked under a claim, or another request's awaited. */
  async function translateOnce(translate: Translator, messageId: string, text: string, language: Language) {
    let waited = false;
    let missing = false;
    for (;;) {
      const claimId = randomUUID();
      if (await claimTranslation(ctx.db, messageId, language, claimId, staleMs)) {
        return ask(translate, messageId, text, language, claimId);
      }
      const row = await readTranslation(ctx.db, messageId, language);
      if (!row) {
        // No row and none made, twice: the message is gone (once may be an edit's delete between).
        if (missing) throw new Refusal("message_not_found");
        missing = true;
        continue;
      }
      if (row.status === "done" && row.text !== null) return row.text;
      // The attempt this request waited for failed; a failure found at once is claimed again above.
      if (row.status === "failed" && waited) throw new Refusal("translation_failed");
      await sleep(POLL_MS);
      waited = true;
    }
  }

  return {
    async translate(userId, messageId) {
      if (!translator) throw new Refusal("translation_not_configured");
      const source = isUuid(messageId) ? await translationSource(ctx.db, messageId, userId) : undefined;
      if (!source) throw new Refusal("message_not_found");
      // A post for tiers the reader is not on is not theirs to read, in any language (decision 118).
      if (!mayRead(source.tierIds, source)) throw new Refusal("post_locked");
      if (!source.content?.trim()) throw new Refusal("no_text_to_translate");
      // A stored language we no longer ship reads as English, as everywhere else.
      const language = shippedLanguage(source.language) ?? defaultLanguage;
      const cached = language === source.language ? source.cached : null;
      if (cached !== null) return { translation: { messageId, language, text: cached } };
      // Only what may reach the model counts, before it does: a kept translation is a read.
      await reserveAttempt(ctx.db, ctx.now(), [limits.translationMember, userId]);
      const key = `${messageId}\n${language}\n${source.content}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = translateOnce(translator, messageId, source.content, language).finally(() =>
          inFlight.delete(key),
        );
        inFlight.set(key, pending);
      }
      return { translation: { messageId, language, text: await pending } };
    },
  };
}
