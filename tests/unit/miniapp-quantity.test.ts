import { describe, expect, it } from "vitest";
import {
  canDecrease,
  canIncrease,
  clampQuantity,
  quantityBounds,
  stepQuantity,
} from "../../miniapp/src/shop/quantity";

describe("quantity stepper bounds", () => {
  it("runs from 1 to the stock", () => {
    expect(quantityBounds(5)).toEqual({ min: 1, max: 5, disabled: false });
    expect(stepQuantity(1, -1, 5)).toBe(1);
    expect(stepQuantity(1, 1, 5)).toBe(2);
    expect(stepQuantity(5, 1, 5)).toBe(5);
    expect(canDecrease(1, 5)).toBe(false);
    expect(canDecrease(2, 5)).toBe(true);
    expect(canIncrease(4, 5)).toBe(true);
    expect(canIncrease(5, 5)).toBe(false);
  });

  it("disables every control when out of stock", () => {
    expect(quantityBounds(0)).toEqual({ min: 1, max: 1, disabled: true });
    expect(canDecrease(1, 0)).toBe(false);
    expect(canIncrease(1, 0)).toBe(false);
    expect(clampQuantity(3, 0)).toBe(1);
  });

  it("never offers more than the stock when the stock drops", () => {
    expect(clampQuantity(8, 3)).toBe(3);
    expect(clampQuantity(0, 3)).toBe(1);
    expect(clampQuantity(Number.NaN, 3)).toBe(1);
    expect(clampQuantity(2.7, 3)).toBe(2);
  });
});
