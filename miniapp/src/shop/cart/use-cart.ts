import { useAtom, useStore } from "jotai";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import type { Product } from "#api/contracts/products";
import { storefrontMessages } from "#api/contracts/storefront-messages";
import { t, translateMessage } from "../../i18n/i18n";
import { LoadError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { authAtom, signedInUser } from "../../state/auth";
import { cartAtom } from "../../state/cart";
import { openDrawerAtom } from "../../state/drawers";
import { openOutside } from "../../telegram/controls";
import { hapticImpact } from "../../telegram/hooks";
import { createStorefrontCheckout } from "../checkout/checkout-api";
import {
  addItem,
  cartItemFor,
  checkoutKind,
  clearCart,
  creditItems,
  exceedsStock,
  type QuantityChange,
  removeItem,
  setCheckout,
  setCheckoutLoading,
  storefrontItems,
  updateQuantity,
} from "./cart-rules";

export function useCart() {
  const [cart, setCart] = useAtom(cartAtom);
  const store = useStore();
  const navigate = useNavigate();

  /** Adds `quantity` of a product, refused with "Not enough stock available" when the stock is short. */
  const addProduct = useCallback(
    (product: Product, quantity: number): boolean => {
      // Read from the store, not the render: two quick taps must both see the first one's line.
      const current = store.get(cartAtom);
      if (quantity <= 0 || exceedsStock(current, product.id, quantity, product.stockQuantity)) {
        toast.error(t("cart.notEnoughStock"));
        return false;
      }
      store.set(cartAtom, addItem(current, cartItemFor(product, quantity)));
      hapticImpact();
      toast.success(t("cart.added"), {
        description: t("cart.addedLine", { count: quantity, title: product.title }),
        action: { label: t("cart.view"), onClick: () => store.set(openDrawerAtom, "cart") },
      });
      return true;
    },
    [store],
  );

  const setQuantity = useCallback(
    (variantId: string, change: QuantityChange) =>
      setCart((current) => updateQuantity(current, variantId, change)),
    [setCart],
  );

  const remove = useCallback(
    (variantId: string) => setCart((current) => removeItem(current, variantId)),
    [setCart],
  );

  const clear = useCallback(() => setCart((current) => clearCart(current)), [setCart]);

  /** Credit items: the checkout sheet (signed-in members past the age gate; others sign in first). */
  const checkoutCredits = useCallback(() => {
    if (creditItems(store.get(cartAtom)).length === 0) return;
    const me = signedInUser(store.get(authAtom));
    if (!me) {
      store.set(openDrawerAtom, null);
      navigate("/auth");
      return;
    }
    store.set(openDrawerAtom, me.ageVerified ? "checkout" : null);
    if (!me.ageVerified) navigate("/");
  }, [store, navigate]);

  /** Storefront items: a Shopify checkout made by the server, opened outside the app. */
  const checkoutStorefront = useCallback(async () => {
    const current = store.get(cartAtom);
    const lines = storefrontItems(current).map((item) => ({
      merchandiseId: item.variantId,
      quantity: item.quantity,
    }));
    if (lines.length === 0 || current.isLoading) return;
    setCart((cart) => setCheckoutLoading(cart, true));
    try {
      const made = await createStorefrontCheckout({ lines });
      setCart((cart) => setCheckout(cart, made.cartId, made.checkoutUrl));
      openOutside(made.checkoutUrl);
    } catch (error) {
      setCart((cart) => setCheckoutLoading(cart, false));
      if (error instanceof LoadError && error.reason === "storefront_payment_required") {
        toast.error(translateMessage(storefrontMessages.paymentRequired), {
          description: translateMessage(storefrontMessages.paymentRequiredDescription),
        });
      } else {
        toast.error(translateMessage(storefrontMessages.toastTitle), {
          description: translateMessage(storefrontMessages.toastDescription),
        });
      }
    }
  }, [store, setCart]);

  const checkout = useCallback(() => {
    if (cart.items.length === 0 || cart.isLoading) return;
    if (checkoutKind(cart) === "credits") checkoutCredits();
    else void checkoutStorefront();
  }, [cart, checkoutCredits, checkoutStorefront]);

  return { cart, addProduct, setQuantity, remove, clear, checkout, checkoutStorefront };
}
