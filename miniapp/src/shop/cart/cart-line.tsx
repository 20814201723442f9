import { IconButton } from "@telegram-apps/telegram-ui";
import { Trash2 } from "lucide-react";
import { useT } from "../../i18n/use-t";
import { formatCreditCents, formatCurrencyCents } from "../../lib/format";
import type { CartItem } from "../../state/cart-state";
import { ProductImage } from "../product-image";
import { QuantityStepper } from "../quantity-stepper";
import { lineTotalCents, optionsText, unitPriceCents } from "./cart-rules";

interface CartLineProps {
  item: CartItem;
  onQuantity: (next: (current: number) => number) => void;
  onRemove: () => void;
}

export function CartLine({ item, onQuantity, onRemove }: CartLineProps) {
  const { t } = useT();
  const format = (cents: number) =>
    typeof item.price === "number"
      ? formatCreditCents(cents)
      : formatCurrencyCents(cents, item.price.currencyCode);
  const price = format(unitPriceCents(item));
  const options = optionsText(item);
  // Credit items know the stock they were added with; the cart never holds more than that.
  const stock = typeof item.price === "number" ? item.product.stockQuantity : Number.POSITIVE_INFINITY;
  return (
    <li className="cart-line" data-testid="cart-line">
      <ProductImage src={item.image} alt={item.title} className="cart-line-image" iconSize={20} />
      <div className="cart-line-info">
        <span className="cart-line-title">{item.title}</span>
        {options ? <span className="cart-line-options">{options}</span> : null}
        <span className="cart-line-price">{price}</span>
        {item.quantity > 1 ? (
          <span className="cart-line-subtotal" data-testid="cart-line-subtotal">
            {t("cart.subtotal", { amount: format(lineTotalCents(item)) })}
          </span>
        ) : null}
        <div className="cart-line-actions">
          <QuantityStepper
            value={item.quantity}
            stock={stock}
            onChange={onQuantity}
            of={item.title}
            removable
            small
            testId="cart-line-quantity"
          />
          <IconButton
            mode="plain"
            size="l"
            className="icon-button icon-button-danger"
            onClick={onRemove}
            aria-label={t("cart.remove", { title: item.title })}
          >
            <Trash2 size={16} aria-hidden="true" />
          </IconButton>
        </div>
      </div>
    </li>
  );
}
