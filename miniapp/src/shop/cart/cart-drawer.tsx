import { Button } from "@telegram-apps/telegram-ui";
import { useAtom } from "jotai";
import { ShoppingCart } from "lucide-react";
import { useCallback } from "react";
import { Drawer } from "../../components/drawer";
import { StateView } from "../../components/state-view";
import { formatCreditCents, formatCurrencyCents } from "../../lib/format";
import { openDrawerAtom } from "../../state/drawers";
import { CartLine } from "./cart-line";
import { cartDescription, cartTotals, checkoutLabel, hasBothKinds } from "./cart-rules";
import { useCart } from "./use-cart";
import "./cart-drawer.css";

export function CartDrawer() {
  const [openDrawer, setOpenDrawer] = useAtom(openDrawerAtom);
  const close = useCallback(() => setOpenDrawer(null), [setOpenDrawer]);
  const { cart, setQuantity, remove, checkout, checkoutStorefront } = useCart();
  const both = hasBothKinds(cart);
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
        {both ? (
          <p className="cart-note" data-testid="cart-split-note">
            Credit items and store items check out separately: credits here, store items on Shopify.
          </p>
        ) : null}
        <Button type="button" size="l" stretched onClick={checkout} disabled={cart.isLoading}>
          {both ? "Proceed to Checkout" : checkoutLabel(cart)}
        </Button>
        {both ? (
          <Button
            type="button"
            size="l"
            mode="bezeled"
            stretched
            onClick={() => void checkoutStorefront()}
            disabled={cart.isLoading}
          >
            {cart.isLoading ? "Creating Checkout..." : "Checkout with Shopify"}
          </Button>
        ) : null}
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
              onQuantity={(next) => setQuantity(item.variantId, next)}
              onRemove={() => remove(item.variantId)}
            />
          ))}
        </ul>
      )}
    </Drawer>
  );
}
