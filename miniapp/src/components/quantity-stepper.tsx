import { Minus, Plus } from "lucide-react";
import { canDecrease, canIncrease, quantityBounds, stepQuantity } from "../lib/quantity";
import "./quantity-stepper.css";

interface QuantityStepperProps {
  value: number;
  stock: number;
  onChange: (value: number) => void;
}

/** 1..stock; every control disabled when out of stock. */
export function QuantityStepper({ value, stock, onChange }: QuantityStepperProps) {
  const { disabled } = quantityBounds(stock);
  return (
    <fieldset className="stepper" aria-label="Quantity">
      <button
        type="button"
        className="stepper-button"
        onClick={() => onChange(stepQuantity(value, -1, stock))}
        disabled={!canDecrease(value, stock)}
        aria-label="Decrease quantity"
      >
        <Minus size={16} aria-hidden="true" />
      </button>
      <output className="stepper-value" aria-live="polite" aria-disabled={disabled} data-testid="quantity">
        {value}
      </output>
      <button
        type="button"
        className="stepper-button"
        onClick={() => onChange(stepQuantity(value, 1, stock))}
        disabled={!canIncrease(value, stock)}
        aria-label="Increase quantity"
      >
        <Plus size={16} aria-hidden="true" />
      </button>
    </fieldset>
  );
}
