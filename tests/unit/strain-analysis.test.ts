import { zodResponseFormat } from "openai/helpers/zod";
import { describe, expect, it } from "vitest";
import {
  appliedDescription,
  MAX_ANALYSIS_FEATURES,
  strainAnswerSchema,
} from "#api/contracts/strain-analysis";
import { rankStrains, traitScore, wordsOf } from "#api/domain/catalogue/strain-ranking";
import { strainCatalogue } from "#db/seed/strains";

const answer = {
  strain_type: "Hybrid",
  description: "Chunky lime green buds with orange hairs.",
  features: ["Lime green", "Orange hairs"],
};

describe("the model's answer schema", () => {
  it("accepts an answer and trims its texts", () => {
    expect(
      strainAnswerSchema.parse({ ...answer, description: "  Frosty.  ", features: [" Dense buds "] }),
    ).toEqual({ strain_type: "Hybrid", description: "Frosty.", features: ["Dense buds"] });
  });

  it.each([
    ["an unknown strain type", { ...answer, strain_type: "Ruderal" }],
    ["a lowercase strain type", { ...answer, strain_type: "hybrid" }],
    ["a blank description", { ...answer, description: "   " }],
    ["a description past 2000 characters", { ...answer, description: "x".repeat(2001) }],
    ["no features", { ...answer, features: [] }],
    ["too many features", { ...answer, features: Array.from({ length: MAX_ANALYSIS_FEATURES + 1 }, String) }],
    ["a blank feature", { ...answer, features: ["Dense buds", ""] }],
    ["a feature past 200 characters", { ...answer, features: ["x".repeat(201)] }],
    ["features that are not text", { ...answer, features: [1, 2] }],
    ["a missing field", { strain_type: "Indica", description: "Frosty." }],
  ])("refuses %s", (_name, value) => {
    expect(strainAnswerSchema.safeParse(value).success).toBe(false);
  });

  it("makes a strict structured-output schema without the string length keywords strict mode refuses", () => {
    const format = zodResponseFormat(strainAnswerSchema, "strain_analysis");
    expect(format.type).toBe("json_schema");
    expect(format.json_schema.strict).toBe(true);
    const schema = format.json_schema.schema as Record<string, unknown>;
    expect(schema).toMatchObject({
      type: "object",
      required: ["strain_type", "description", "features"],
      additionalProperties: false,
      properties: {
        strain_type: { type: "string", enum: ["Indica", "Sativa", "Hybrid"] },
        features: { type: "array", maxItems: MAX_ANALYSIS_FEATURES },
      },
    });
    expect(JSON.stringify(schema)).not.toMatch(/minLength|maxLength/);
  });
});

describe("strain ranking", () => {
  it("reads words lowercase, singular, with the model's synonyms folded", () => {
    expect(wordsOf("Bright orange PISTILS, dense buds; glass")).toEqual([
      "bright",
      "orange",
      "hair",
      "dense",
      "bud",
      "glass",
    ]);
  });

  it("scores each trait by the share of its words seen", () => {
    const seen = new Set(wordsOf("orange hairs, purple"));
    expect(traitScore(["orange hairs"], seen)).toBe(1);
    expect(traitScore(["purple hues"], seen)).toBe(0.5);
    expect(traitScore(["orange hairs", "purple hues", "dense buds"], seen)).toBe(1.5);
  });

  it("puts the best match first and keeps catalogue order among equals", () => {
    const strains = [
      { name: "A", traits: ["dense buds"] },
      { name: "B", traits: ["orange hairs", "frosty trichomes"] },
      { name: "C", traits: ["frosty trichomes"] },
      { name: "D", traits: ["dense buds"] },
    ];
    expect(rankStrains(strains, ["Frosty trichomes", "orange pistils"]).map((s) => s.name)).toEqual([
      "B",
      "C",
      "A",
      "D",
    ]);
  });

  it("answers at most five, and five even when nothing matches", () => {
    const sativas = strainCatalogue.filter((s) => s.type === "Sativa");
    expect(rankStrains(sativas, ["nothing in common"]).map((s) => s.name)).toEqual(
      sativas.slice(0, 5).map((s) => s.name),
    );
    expect(rankStrains(sativas.slice(0, 2), ["long spears"])).toHaveLength(2);
  });
});

describe("appliedDescription", () => {
  it("is a Key Features bullet list followed by the AI description", () => {
    expect(appliedDescription(["Dense buds", "Orange hairs"], "A frosty Indica.")).toBe(
      "Key Features:\n• Dense buds\n• Orange hairs\n\nA frosty Indica.",
    );
  });

  it("is the description alone when no feature is chosen", () => {
    expect(appliedDescription([], "A frosty Indica.")).toBe("A frosty Indica.");
  });
});
