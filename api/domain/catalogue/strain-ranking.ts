import { MAX_STRAIN_SUGGESTIONS } from "#api/contracts/strain-analysis";

// The model's words for what the catalogue calls otherwise.
const SYNONYMS: Record<string, string> = { pistil: "hair", nugget: "nug" };

/** Lowercase words, plural "s" dropped ("buds" and "bud" alike), synonyms folded. */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map((word) => {
    const singular = word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
    return SYNONYMS[singular] ?? singular;
  });
}

/**
 * How well a strain's traits match what the model saw: each trait counts the share of its words
 * found in `observed` (a whole "orange hairs" 1, "purple" of "purple hues" 0.5).
 */
export function traitScore(traits: readonly string[], observed: ReadonlySet<string>): number {
  let score = 0;
  for (const trait of traits) {
    const words = wordsOf(trait);
    if (words.length > 0) score += words.filter((word) => observed.has(word)).length / words.length;
  }
  return score;
}

/** The best `limit` strains for the observed texts, best first; ties keep catalogue order. */
export function rankStrains<Strain extends { traits: readonly string[] }>(
  strains: readonly Strain[],
  observedTexts: readonly string[],
  limit = MAX_STRAIN_SUGGESTIONS,
): Strain[] {
  const observed = new Set(observedTexts.flatMap(wordsOf));
  return strains
    .map((strain, order) => ({ strain, order, score: traitScore(strain.traits, observed) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ strain }) => strain);
}
