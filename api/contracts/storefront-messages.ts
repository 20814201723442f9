/**
 * The storefront checkout's messages (the original product's, decision 029), apart from the schemas
 * so the cart can show them without loading zod on the first screen.
 */
export const storefrontMessages = {
  notConfigured: "The storefront is not connected",
  paymentRequired: "Shopify Payment required",
  paymentRequiredDescription: "API access requires an active billing plan",
  httpError: (status: number) => `HTTP error! status: ${status}`,
  graphqlErrors: (messages: string) => `Error calling Shopify: ${messages}`,
  userErrors: (messages: string) => `Cart creation failed: ${messages}`,
  noCheckoutUrl: "No checkout URL returned from Shopify",
  failed: "Failed to create cart",
  unknownItem: "An item in your cart is not sold in the storefront",
  // The toast the cart shows for any failure but a 402.
  toastTitle: "Failed to create checkout",
  toastDescription: "Please try again later",
} as const;
