import { IconButton } from "@telegram-apps/telegram-ui";
import { Minus, Plus } from "lucide-react";
import { useT } from "../i18n/use-t";
import { canDecrease, canIncrease, quantityBounds, stepQuantity } from "./quantity";
import "./quantity-stepper.css";

interface QuantityStepperProps {
  value: number;
  /** The most there is (Infinity when there is no limit). */
  stock: number;
  /**
   * Gets how the quantity changes, as a function of the quantity the owner holds now (not the
   * `value` this render showed): a tap handled before the screen caught up still counts.
   */
  onChange: (next: (current: number) => number) => void;
  /** What is counted, in the labels ("Decrease quantity of …"): a cart line's title. */
  of?: string;
  /** A cart line: − at 1 asks for 0 (the line goes), rather than stopping there. */
  removable?: boolean;
  small?: boolean;
  testId?: string;
}

/**
 * The −/+ stepper of the product page and of each cart line: 1..stock (a cart line's − goes on to 0);
 * every control disabled when out of stock.
 */
export function QuantityStepper({
  value,
  stock,
  onChange,
  of,
  removable = false,
  small = false,
  testId = "quantity",
}: QuantityStepperProps) {
  const { t } = useT();
  const { disabled } = quantityBounds(stock);
  // With `of`, each label names what it counts ("Quantity of …").
  const labels = {
    label: of ? t("quantity.labelOf", { item: of }) : t("quantity.label"),
    decrease: of ? t("quantity.decreaseOf", { item: of }) : t("quantity.decrease"),
    increase: of ? t("quantity.increaseOf", { item: of }) : t("quantity.increase"),
  };
  const label = (which: keyof typeof labels) => labels[which];
  const iconSize = small ? 14 : 16;
  return (
    <fieldset className={small ? "stepper stepper-small" : "stepper"} aria-label={label("label")}>
      <IconButton
        type="button"
        mode="plain"
        size="l"
        className="stepper-button"
        onClick={() => onChange((current) => (removable ? current - 1 : stepQuantity(current, -1, stock)))}
        disabled={!removable && !canDecrease(value, stock)}
        aria-label={label("decrease")}
      >
        <Minus size={iconSize} aria-hidden="true" />
      </IconButton>
      <output className="stepper-value" aria-live="polite" aria-disabled={disabled} data-testid={testId}>
        {value}
      </output>
      <IconButton
        type="button"
        mode="plain"
        size="l"
        className="stepper-button"
        onClick={() => onChange((current) => stepQuantity(current, 1, stock))}
        disabled={!canIncrease(value, stock)}
        aria-label={label("increase")}
      >
        <Plus size={iconSize} aria-hidden="true" />
      </IconButton>
    </fieldset>
  );
}
