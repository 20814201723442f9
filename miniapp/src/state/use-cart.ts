import type { Product } from "#api/contracts/products";
import { useAtom } from "jotai";
import { useCallback } from "react";
import { toast } from "sonner";
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

export function useCart() {
  const [cart, setCart] = useAtom(cartAtom);

  /** Adds `quantity` of a product, refused with the spec's message when the stock is short. */
  const addProduct = useCallback(
    (product: Product, quantity: number): boolean => {
      if (quantity <= 0 || exceedsStock(cart, product.id, quantity, product.stockQuantity)) {
        toast.error("Not enough stock available");
        return false;
      }
      setCart((current) => addItem(current, creditItem(product, quantity)));
      hapticImpact();
      toast.success("Added to cart", { description: `${quantity} x ${product.title}` });
      return true;
    },
    [cart, setCart],
  );

  const setQuantity = useCallback(
    (variantId: string, quantity: number) => setCart((current) => updateQuantity(current, variantId, quantity)),
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
