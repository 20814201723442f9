/** The product page's quantity stepper: starts at 1, minimum 1, maximum the current stock. */
export const MIN_QUANTITY = 1;

export interface QuantityBounds {
  min: number;
  max: number;
  /** Out of stock: every control is disabled. */
  disabled: boolean;
}

export function quantityBounds(stock: number): QuantityBounds {
  const available = Math.max(0, Math.floor(stock));
  return { min: MIN_QUANTITY, max: Math.max(MIN_QUANTITY, available), disabled: available === 0 };
}

export function clampQuantity(quantity: number, stock: number): number {
  const { min, max } = quantityBounds(stock);
  if (!Number.isFinite(quantity)) return min;
  return Math.min(max, Math.max(min, Math.floor(quantity)));
}

export function stepQuantity(quantity: number, delta: number, stock: number): number {
  return clampQuantity(quantity + delta, stock);
}

export const canDecrease = (quantity: number, stock: number): boolean =>
  !quantityBounds(stock).disabled && quantity > MIN_QUANTITY;

export const canIncrease = (quantity: number, stock: number): boolean =>
  !quantityBounds(stock).disabled && quantity < quantityBounds(stock).max;
