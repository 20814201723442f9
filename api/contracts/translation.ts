import { z } from "zod";
import { languages } from "./languages";

/**
 * A translation refused: no model configured (503), the model failed (502), a message with no
 * text (422). The Mini App shows its own words for them (feed.translate* in locales/<lang>/app.json).
 */
export const translationMessages = {
  notConfigured: "Translation is not available",
  failed: "Translation failed. Please try again later.",
  noText: "This message has no text to translate",
} as const;

/** A feed message's text in the reader's language (their profile's, English until one is known). */
export const messageTranslationSchema = z.object({
  translation: z.object({
    messageId: z.uuid(),
    language: z.enum(languages),
    text: z.string(),
  }),
});
export type MessageTranslation = z.infer<typeof messageTranslationSchema>;
