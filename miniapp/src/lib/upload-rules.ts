import type { UploadKind } from "#api/contracts/uploads";
import { translateMessage } from "../i18n/i18n";

/**
 * The client's checks before a file is taken: a type the kind accepts (by the family the browser
 * gives: image/*, video/*), within that rule's limit. The server checks the bytes again. The
 * contract's message says why, in the app's language.
 */
export function uploadProblem(kind: UploadKind, file: { type: string; size: number }): string | null {
  const family = file.type.split("/")[0];
  const rule =
    family === "image" || family === "video"
      ? kind.rules.find((candidate) => candidate.types.some((type) => type.startsWith(`${family}/`)))
      : undefined;
  if (!rule) return translateMessage(kind.wrongType);
  return file.size > rule.maxBytes ? translateMessage(rule.tooLarge) : null;
}
