import { zodResponseFormat } from "openai/helpers/zod";
import { MAX_ANALYSIS_FEATURES, type StrainAnswer, strainAnswerSchema } from "#api/contracts/strain-analysis";
import { type OpenAiConfig, openAiClient } from "./openai-client";

/** Looks at one image (a data: URL) and answers what the model saw, checked against the schema. */
export type StrainVision = (imageDataUrl: string) => Promise<StrainAnswer>;

const INSTRUCTIONS = `You look at a photo of hemp flower for a shop's product form.
Answer strain_type (Indica, Sativa or Hybrid) as the buds' appearance suggests, a description of what the photo shows (2-4 sentences, at most 600 characters) and 3-${MAX_ANALYSIS_FEATURES} short visual features (a few words each, such as "dense buds", "orange hairs", "frosty trichomes", "purple hues", "lime green").
Describe only what is visible; make no medical or potency claims.`;

/**
 * The strain analysis over the `openai` SDK: chat completions with the image and structured output
 * (a strict JSON schema made from strainAnswerSchema, the answer parsed with it). Undefined without
 * OPENAI_API_KEY. Every failure (timeout, HTTP error, refusal, cut-off or malformed answer) throws.
 */
export function openAiVision(config: OpenAiConfig): StrainVision | undefined {
  const client = openAiClient(config);
  if (!client) return undefined;
  const responseFormat = zodResponseFormat(strainAnswerSchema, "strain_analysis");
  return async (imageDataUrl) => {
    const completion = await client.chat.completions.parse({
      model: config.OPENAI_MODEL,
      messages: [
        { role: "system", content: INSTRUCTIONS },
        { role: "user", content: [{ type: "image_url", image_url: { url: imageDataUrl } }] },
      ],
      response_format: responseFormat,
    });
    const message = completion.choices[0]?.message;
    if (!message?.parsed) throw new Error(message?.refusal ? "the model refused" : "no answer");
    return message.parsed;
  };
}
