import type { ProductFeature } from "../schema";
import type { ArtGlyph } from "./product-art";

export interface DemoProduct {
  slug: string;
  title: string;
  description: string;
  category: "Flower" | "Pre-rolls" | "Accessories" | "Edibles" | "Concentrates";
  strainType: "Indica" | "Sativa" | "Hybrid" | null;
  glyph: ArtGlyph;
  creditPrice: string;
  thcPercentage: string | null;
  cbdPercentage: string | null;
  stockQuantity: number;
  unitSize: string;
  batchNumber: string | null;
  /** Days before the seed ran that the batch was tested. */
  labTestedDaysAgo: number | null;
  /** Whether a certificate of analysis is generated for it. */
  coa: boolean;
  isFeatured: boolean;
  features: ProductFeature[];
}

/** Newest first: the first product gets the latest created_at. */
export const demoProducts: readonly DemoProduct[] = [
  {
    slug: "sour-space-candy-flower",
    title: "Sour Space Candy CBD Flower",
    description:
      "Hand-trimmed, slow-cured hemp flower with a bright sour-apple and candy nose. Dense, frosty buds " +
      "grown indoors in Oregon. Compliant hemp: delta-9 THC under 0.3% by dry weight.",
    category: "Flower",
    strainType: "Sativa",
    glyph: "leaf",
    creditPrice: "35.00",
    thcPercentage: "0.25",
    cbdPercentage: "17.80",
    stockQuantity: 48,
    unitSize: "3.5g",
    batchNumber: "SSC-2501-A",
    labTestedDaysAgo: 21,
    coa: true,
    isFeatured: true,
    features: [
      { icon: "leaf", text: "Indoor grown, hand trimmed" },
      { icon: "shield-check", text: "Third-party lab tested" },
      { icon: "zap", text: "Uplifting daytime profile" },
    ],
  },
  {
    slug: "cherry-wine-flower",
    title: "Cherry Wine Hemp Flower",
    description:
      "A smooth, relaxing hybrid with notes of dark cherry and pepper. Greenhouse grown in Colorado " +
      "and cured for four weeks for a clean, even burn.",
    category: "Flower",
    strainType: "Hybrid",
    glyph: "leaf",
    creditPrice: "32.00",
    thcPercentage: "0.21",
    cbdPercentage: "15.40",
    stockQuantity: 36,
    unitSize: "3.5g",
    batchNumber: "CW-2412-C",
    labTestedDaysAgo: 34,
    coa: true,
    isFeatured: false,
    features: [
      { icon: "heart", text: "Member favourite" },
      { icon: "check", text: "Pesticide and heavy-metal free" },
      { icon: "leaf", text: "Greenhouse grown" },
    ],
  },
  {
    slug: "special-sauce-smalls",
    title: "Special Sauce Smalls",
    description:
      "Small buds from our Special Sauce harvest at a friendly price: the same sweet berry terpenes " +
      "and calming evening effect, just smaller nugs.",
    category: "Flower",
    strainType: "Indica",
    glyph: "leaf",
    creditPrice: "22.00",
    thcPercentage: "0.19",
    cbdPercentage: "13.20",
    stockQuantity: 0,
    unitSize: "7g",
    batchNumber: "SPS-2411-B",
    labTestedDaysAgo: 60,
    coa: false,
    isFeatured: false,
    features: [
      { icon: "star", text: "Best value per gram" },
      { icon: "leaf", text: "Sun grown" },
    ],
  },
  {
    slug: "lifter-pre-roll-5-pack",
    title: "Lifter Pre-Roll 5-Pack",
    description:
      "Five slow-burning cones packed with ground Lifter flower, rolled in unbleached hemp paper with " +
      "a folded crutch. Earthy, sweet and mellow.",
    category: "Pre-rolls",
    strainType: "Hybrid",
    glyph: "cone",
    creditPrice: "28.00",
    thcPercentage: "0.24",
    cbdPercentage: "16.10",
    stockQuantity: 60,
    unitSize: "5 x 0.7g",
    batchNumber: "LFT-2501-P",
    labTestedDaysAgo: 18,
    coa: true,
    isFeatured: true,
    features: [
      { icon: "check", text: "Flower only, no trim or shake" },
      { icon: "leaf", text: "Unbleached hemp papers" },
      { icon: "award", text: "Best seller" },
    ],
  },
  {
    slug: "hawaiian-haze-pre-roll",
    title: "Hawaiian Haze Single Pre-Roll",
    description:
      "One king-size cone of tropical, citrusy Hawaiian Haze hemp flower. A bright pick-me-up for an " +
      "afternoon walk.",
    category: "Pre-rolls",
    strainType: "Sativa",
    glyph: "cone",
    creditPrice: "8.00",
    thcPercentage: "0.18",
    cbdPercentage: "14.50",
    stockQuantity: 120,
    unitSize: "1g",
    batchNumber: "HH-2412-S",
    labTestedDaysAgo: 40,
    coa: false,
    isFeatured: false,
    features: [
      { icon: "zap", text: "Energising citrus terpenes" },
      { icon: "sparkles", text: "King-size cone" },
    ],
  },
  {
    slug: "bubba-kush-mini-pre-rolls",
    title: "Bubba Kush CBD Mini Dogwalkers",
    description:
      "Six short pre-rolls of coffee-and-cocoa Bubba Kush hemp, sized for a quick wind-down. Back in " +
      "stock soon.",
    category: "Pre-rolls",
    strainType: "Indica",
    glyph: "cone",
    creditPrice: "18.00",
    thcPercentage: "0.22",
    cbdPercentage: "12.70",
    stockQuantity: 0,
    unitSize: "6 x 0.35g",
    batchNumber: "BK-2410-M",
    labTestedDaysAgo: 75,
    coa: false,
    isFeatured: false,
    features: [
      { icon: "heart", text: "Relaxing evening ritual" },
      { icon: "check", text: "Flower only" },
    ],
  },
  {
    slug: "glass-spoon-pipe",
    title: "Hand-Blown Glass Spoon Pipe",
    description:
      "Thick borosilicate spoon pipe with colour-changing swirls, a deep bowl and a carb on the left. " +
      "Each piece is blown by hand, so patterns vary.",
    category: "Accessories",
    strainType: null,
    glyph: "pipe",
    creditPrice: "24.00",
    thcPercentage: null,
    cbdPercentage: null,
    stockQuantity: 25,
    unitSize: "4 in",
    batchNumber: null,
    labTestedDaysAgo: null,
    coa: false,
    isFeatured: true,
    features: [
      { icon: "award", text: "Handmade borosilicate glass" },
      { icon: "sparkles", text: "Colour-changing swirls" },
    ],
  },
  {
    slug: "aluminium-grinder",
    title: "Four-Piece Aluminium Grinder",
    description:
      "Aircraft-grade aluminium grinder with diamond teeth, a magnetic lid, a fine mesh screen and a " +
      "kief catcher with scraper.",
    category: "Accessories",
    strainType: null,
    glyph: "grinder",
    creditPrice: "30.00",
    thcPercentage: null,
    cbdPercentage: null,
    stockQuantity: 40,
    unitSize: "63mm",
    batchNumber: null,
    labTestedDaysAgo: null,
    coa: false,
    isFeatured: false,
    features: [
      { icon: "shield-check", text: "Lifetime warranty" },
      { icon: "zap", text: "Magnetic lid" },
      { icon: "check", text: "Kief catcher included" },
    ],
  },
  {
    slug: "uv-glass-stash-jar",
    title: "UV Glass Stash Jar",
    description:
      "Violet glass blocks visible light to keep flower fresh for longer. Airtight screw lid; holds " +
      "about 14g of flower.",
    category: "Accessories",
    strainType: null,
    glyph: "jar",
    creditPrice: "16.00",
    thcPercentage: null,
    cbdPercentage: null,
    stockQuantity: 55,
    unitSize: "100ml",
    batchNumber: null,
    labTestedDaysAgo: null,
    coa: false,
    isFeatured: false,
    features: [
      { icon: "shield-check", text: "Airtight, smell-proof seal" },
      { icon: "leaf", text: "Keeps terpenes fresh" },
    ],
  },
  {
    slug: "sleepy-berry-gummies",
    title: "Sleepy Berry CBN + CBD Gummies",
    description:
      "Vegan mixed-berry gummies with 25mg CBD and 5mg CBN each, made from hemp extract. Start with " +
      "half a gummy an hour before bed.",
    category: "Edibles",
    strainType: "Indica",
    glyph: "gummy",
    creditPrice: "40.00",
    thcPercentage: "0.05",
    cbdPercentage: "1.20",
    stockQuantity: 80,
    unitSize: "30 ct",
    batchNumber: "SBG-2501-E",
    labTestedDaysAgo: 14,
    coa: true,
    isFeatured: true,
    features: [
      // Not one of the known icons: the app falls back to sparkles.
      { icon: "moon", text: "Made for bedtime" },
      { icon: "heart", text: "Vegan and gluten free" },
      { icon: "check", text: "25mg CBD + 5mg CBN per gummy" },
    ],
  },
  {
    slug: "daytime-citrus-gummies",
    title: "Daytime Citrus CBD Gummies",
    description:
      "Tangy orange and lemon gummies with 20mg broad-spectrum CBD each. Zero delta-9 THC detected, " +
      "sugar-coated and made in small batches.",
    category: "Edibles",
    strainType: "Sativa",
    glyph: "gummy",
    creditPrice: "34.00",
    thcPercentage: "0.00",
    cbdPercentage: "1.00",
    stockQuantity: 70,
    unitSize: "30 ct",
    batchNumber: "DCG-2412-E",
    labTestedDaysAgo: 30,
    coa: false,
    isFeatured: false,
    features: [
      { icon: "zap", text: "Focus without the fog" },
      { icon: "sparkles", text: "Real fruit flavour" },
    ],
  },
  {
    slug: "cbd-live-rosin",
    title: "Full-Spectrum CBD Live Rosin",
    description:
      "Solventless rosin pressed from fresh-frozen hemp, with the full terpene profile of the living " +
      "plant. A little goes a long way.",
    category: "Concentrates",
    strainType: "Hybrid",
    glyph: "drop",
    creditPrice: "45.00",
    thcPercentage: "0.25",
    cbdPercentage: "68.40",
    stockQuantity: 15,
    unitSize: "1g",
    batchNumber: "LR-2501-X",
    labTestedDaysAgo: 10,
    coa: true,
    isFeatured: true,
    features: [
      { icon: "award", text: "Solventless, ice-water extraction" },
      { icon: "shield-check", text: "Third-party lab tested" },
      { icon: "star", text: "Limited small batch" },
    ],
  },
];
