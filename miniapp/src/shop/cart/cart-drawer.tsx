import { Button } from "@telegram-apps/telegram-ui";
import { useAtom } from "jotai";
import { ShoppingCart } from "lucide-react";
import { useCallback } from "react";
import { Drawer } from "../../components/drawer";
import { StateView } from "../../components/state-view";
import { useT } from "../../i18n/use-t";
import { formatCreditCents, formatCurrencyCents } from "../../lib/format";
import { openDrawerAtom } from "../../state/drawers";
import { CartLine } from "./cart-line";
import { cartDescription, cartTotals, checkoutLabel, hasBothKinds } from "./cart-rules";
import { useCart } from "./use-cart";
import "./cart-drawer.css";

/** The cart: its chunk (and the language's words) load when it first opens (app-layout.tsx). */
export default function CartDrawer() {
  const { t } = useT();
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
          <span>{t("cart.total")}</span>
          <span data-testid="cart-total">{totalParts.join(" + ")}</span>
        </div>
        {both ? (
          <p className="cart-note" data-testid="cart-split-note">
            {t("cart.splitNote")}
          </p>
        ) : null}
        <Button type="button" size="l" stretched onClick={checkout} disabled={cart.isLoading}>
          {both ? t("cart.proceedToCheckout") : checkoutLabel(cart)}
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
            {cart.isLoading ? t("cart.creatingCheckout") : t("cart.checkoutWithShopify")}
          </Button>
        ) : null}
      </>
    ) : undefined;

  return (
    <Drawer
      open={openDrawer === "cart"}
      onClose={close}
      title={t("cart.title")}
      description={cartDescription(cart)}
      footer={footer}
    >
      {cart.items.length === 0 ? (
        <StateView
          kind="empty"
          title={t("cart.nothingYet")}
          icon={<ShoppingCart size={40} />}
          action={
            <Button mode="bezeled" size="m" onClick={() => setOpenDrawer("products")}>
              {t("home.browseProducts")}
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
