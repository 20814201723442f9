import { useAtom, useStore } from "jotai";
import { useCallback } from "react";
import type { Product } from "#api/contracts/products";
import { toast } from "../lib/toast";
import { hapticImpact } from "../telegram/hooks";
import { cartAtom } from "./cart";
import {
  addItem,
  checkoutKind,
  clearCart,
  creditItem,
  exceedsStock,
  removeItem,
  updateQuantity,
} from "./cart-rules";
import { openDrawerAtom } from "./drawers";

export function useCart() {
  const [cart, setCart] = useAtom(cartAtom);
  const store = useStore();

  /** Adds `quantity` of a product, refused with the spec's message when the stock is short. */
  const addProduct = useCallback(
    (product: Product, quantity: number): boolean => {
      // Read from the store, not the render: two quick taps must both see the first one's line.
      const current = store.get(cartAtom);
      if (quantity <= 0 || exceedsStock(current, product.id, quantity, product.stockQuantity)) {
        toast.error("Not enough stock available");
        return false;
      }
      store.set(cartAtom, addItem(current, creditItem(product, quantity)));
      hapticImpact();
      toast.success("Added to cart", {
        description: `${quantity} x ${product.title}`,
        action: { label: "View cart", onClick: () => store.set(openDrawerAtom, "cart") },
      });
      return true;
    },
    [store],
  );

  const setQuantity = useCallback(
    (variantId: string, quantity: number) =>
      setCart((current) => updateQuantity(current, variantId, quantity)),
    [setCart],
  );

  const remove = useCallback(
    (variantId: string) => setCart((current) => removeItem(current, variantId)),
    [setCart],
  );

  const clear = useCallback(() => setCart((current) => clearCart(current)), [setCart]);

  const checkout = useCallback(() => {
    if (cart.items.length === 0 || cart.isLoading) return;
    if (checkoutKind(cart) === "credits") {
      toast("Credit checkout coming soon!", { description: "Payment integration needed" });
      return;
    }
    // Storefront checkout comes with the storefront integration (a later issue); until then it fails
    // the way the spec's failed checkout does.
    toast.error("Failed to create checkout", { description: "Please try again later" });
  }, [cart]);

  return { cart, addProduct, setQuantity, remove, clear, checkout };
}
