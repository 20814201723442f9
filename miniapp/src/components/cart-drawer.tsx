import { useAtom } from "jotai";
import { ShoppingCart } from "lucide-react";
import { useCallback } from "react";
import { formatCreditCents, formatCurrencyCents } from "../lib/format";
import { cartDescription, cartTotals, checkoutLabel } from "../state/cart-rules";
import { openDrawerAtom } from "../state/drawers";
import { useCart } from "../state/use-cart";
import { CartLine } from "./cart-line";
import { Drawer } from "./drawer";

export function CartDrawer() {
  const [openDrawer, setOpenDrawer] = useAtom(openDrawerAtom);
  const close = useCallback(() => setOpenDrawer(null), [setOpenDrawer]);
  const { cart, setQuantity, remove, checkout } = useCart();
  const totals = cartTotals(cart);
  const totalParts = [
    ...(totals.creditCents > 0 || Object.keys(totals.money).length === 0
      ? [formatCreditCents(totals.creditCents)]
      : []),
    ...Object.entries(totals.money).map(([code, cents]) => formatCurrencyCents(cents, code)),
  ];

  const footer =
    cart.items.length > 0 ? (
      <>
        <div className="cart-total">
          <span>Total</span>
          <span data-testid="cart-total">{totalParts.join(" + ")}</span>
        </div>
        <button
          type="button"
          className="button button-primary button-block"
          onClick={checkout}
          disabled={cart.isLoading}
        >
          {checkoutLabel(cart)}
        </button>
      </>
    ) : undefined;

  return (
    <Drawer
      open={openDrawer === "cart"}
      onClose={close}
      title="Shopping Cart"
      description={cartDescription(cart)}
      footer={footer}
    >
      {cart.items.length === 0 ? (
        <div className="state-message">
          <ShoppingCart size={40} aria-hidden="true" className="state-icon" />
        </div>
      ) : (
        <ul className="cart-lines">
          {cart.items.map((item) => (
            <CartLine
              key={item.variantId}
              item={item}
              onQuantity={(quantity) => setQuantity(item.variantId, quantity)}
              onRemove={() => remove(item.variantId)}
            />
          ))}
        </ul>
      )}
    </Drawer>
  );
}
