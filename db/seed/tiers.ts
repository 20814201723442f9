/**
 * A tier's name: the lowercase slug of the display name, spaces become underscores and
 * anything outside a-z, 0-9 and underscore is dropped. Surrounding spaces are trimmed first so
 * " Basic " and "Basic" get the same name.
 */
export function tierSlug(displayName: string): string {
  return displayName
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "_")
    .replace(/[^a-z0-9_]/g, "");
}

export interface DemoTier {
  displayName: string;
  priceMonthly: string;
  /**
   * The Telegram Stars price per 30 days (null: not sold for Stars). The demo's paid tiers have one, so
   * a demo with a bot (PLAN_PAYMENTS=stars, its default) sells them: 50 Stars a dollar (decision 123).
   */
  priceStars: number | null;
  tierLevel: number;
  description: string;
  features: string[];
}

export const demoTiers: readonly DemoTier[] = [
  {
    displayName: "Free",
    priceMonthly: "0.00",
    priceStars: null,
    tierLevel: 1,
    description: "Follow the channel and browse the full catalogue at no cost.",
    features: [
      "Access to the members channel feed",
      "Browse the full product catalogue",
      "Standard shipping",
    ],
  },
  {
    displayName: "Basic",
    priceMonthly: "25.00",
    priceStars: 1250,
    tierLevel: 2,
    description: "A $25 monthly budget for members who stock up now and then.",
    features: [
      "$25 monthly budget, 1 credit per dollar",
      "Unused budget rolls over to next month",
      "Member-only deals in the channel",
    ],
  },
  {
    displayName: "Premium",
    priceMonthly: "50.00",
    priceStars: 2500,
    tierLevel: 3,
    description: "A $50 monthly budget with early access to new drops.",
    features: [
      "$50 monthly budget, 1 credit per dollar",
      "Unused budget rolls over to next month",
      "Early access to new arrivals and restocks",
      "Free standard shipping",
    ],
  },
  {
    displayName: "VIP",
    priceMonthly: "100.00",
    priceStars: 5000,
    tierLevel: 4,
    description: "Our biggest monthly budget, first pick of limited batches and priority support.",
    features: [
      "$100 monthly budget, 1 credit per dollar",
      "Unused budget rolls over to next month",
      "First pick of limited and small-batch releases",
      "Free express shipping",
      "Priority support from the team",
    ],
  },
];
