/**
 * A cart's bounds, kept free of zod so the Mini App's cart sync can use them without bundling zod:
 * the most of one product a line (and an order's line) holds, and the most lines a kept cart holds.
 */
export const MAX_LINE_QUANTITY = 99;
export const MAX_CART_LINES = 100;
