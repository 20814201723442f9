import { Button } from "@telegram-apps/telegram-ui";
import { useAtom } from "jotai";
import { ShoppingCart } from "lucide-react";
import { useCallback } from "react";
import { formatCreditCents, formatCurrencyCents } from "../lib/format";
import { cartDescription, cartTotals, checkoutLabel } from "../state/cart-rules";
import { openDrawerAtom } from "../state/drawers";
import { useCart } from "../state/use-cart";
import { CartLine } from "./cart-line";
import { Drawer } from "./drawer";
import { StateView } from "./state-view";
import "./cart-drawer.css";

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
        <Button type="button" size="l" stretched onClick={checkout} disabled={cart.isLoading}>
          {checkoutLabel(cart)}
        </Button>
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
        <StateView
          kind="empty"
          title="Nothing in it yet"
          icon={<ShoppingCart size={40} />}
          action={
            <Button mode="bezeled" size="m" onClick={() => setOpenDrawer("products")}>
              Browse products
            </Button>
          }
        />
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
