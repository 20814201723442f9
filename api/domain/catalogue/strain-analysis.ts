import { fileTypeFromBuffer } from "file-type";
import { MAX_ANALYSIS_IMAGE_BYTES, type StrainAnalysis } from "#api/contracts/strain-analysis";
import { IMAGE_TYPES } from "#api/contracts/uploads";
import { strainsOfType } from "#db/queries/catalogue/strains";
import type { ServiceContext } from "../context";
import type { StrainVision } from "../ports/openai-vision";
import { Refusal } from "../refusal";
import { rankStrains } from "./strain-ranking";

const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+(;[\w.+-]+=[\w.+-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// file-type recognises every image type we accept from this many leading bytes (as base64).
const SNIFF_CHARS = Math.ceil(4100 / 3) * 4;

/**
 * The image as a data: URL of its real type, judged by its first bytes (a declared data: URL type
 * is ignored): image_not_base64 for no base64, image_too_large past 10 MB decoded, image_wrong_type for anything but PNG, JPEG, WebP or
 * GIF. Only the first bytes are decoded; the base64 text is passed on as it came.
 */
export async function imageDataUrl(imageBase64: string): Promise<string> {
  const base64 = imageBase64.replace(DATA_URL_PREFIX, "");
  if (!BASE64.test(base64) || base64.length % 4 === 1) {
    throw new Refusal("image_not_base64");
  }
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  if (Math.floor((base64.length * 3) / 4) - padding > MAX_ANALYSIS_IMAGE_BYTES) {
    throw new Refusal("image_too_large");
  }
  const sniffed = await fileTypeFromBuffer(Buffer.from(base64.slice(0, SNIFF_CHARS), "base64"));
  if (!sniffed || !(IMAGE_TYPES as readonly string[]).includes(sniffed.mime)) {
    throw new Refusal("image_wrong_type");
  }
  return `data:${sniffed.mime};base64,${base64}`;
}

/**
 * Asks the vision model about the image and suggests up to five catalogue strains of the type it
 * saw, ranked by their traits against its features and description. Without a model (no key) analysis_not_configured,
 * any failure of the model analysis_failed, both with "Failed to analyze strain…": nothing is made
 * up in its place.
 */
export async function analyzeStrain(
  ctx: Pick<ServiceContext, "db" | "log">,
  vision: StrainVision | undefined,
  imageBase64: string,
): Promise<StrainAnalysis> {
  const image = await imageDataUrl(imageBase64);
  if (!vision) throw new Refusal("analysis_not_configured");
  let answer: Awaited<ReturnType<StrainVision>>;
  try {
    answer = await vision(image);
  } catch (error) {
    // The SDK's errors name the status and kind, never the key; the image is not logged.
    ctx.log.warn("strain analysis failed", {
      error: error instanceof Error ? `${error.name}: ${error.message.slice(0, 300)}` : String(error),
    });
    throw new Refusal("analysis_failed");
  }
  const catalogue = await strainsOfType(ctx.db, answer.strain_type);
  return {
    strainType: answer.strain_type,
    description: answer.description,
    features: answer.features,
    suggestions: rankStrains(catalogue, [...answer.features, answer.description]).map((strain) => ({
      name: strain.name,
      type: answer.strain_type,
    })),
  };
}
