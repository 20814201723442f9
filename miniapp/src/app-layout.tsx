import { useAtomValue } from "jotai";
import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { Outlet } from "react-router";
import { Header } from "./components/header";
import { StateView } from "./components/state-view";
import { lazyWithTexts } from "./i18n/lazy-with-texts";
import { useT } from "./i18n/use-t";
import { onToasterWanted, toasterWanted } from "./lib/toast";
import { signedInUser, useAuth } from "./state/auth";
import { openDrawerAtom } from "./state/drawers";
import { telegram } from "./telegram/controls";
import { useTelegramBackButton } from "./telegram/hooks";

// The forms (and zod with them) load when the dialog first opens, never with the first screen.
const AuthDialog = lazyWithTexts(() => import("./auth/auth-dialog"));
// The plan picker too: most visits never open it.
const PlanDialog = lazyWithTexts(() => import("./plans/plan-dialog"));
// And the credit checkout.
const CheckoutSheet = lazyWithTexts(() => import("./shop/checkout/checkout-sheet"));
// And the drawers, each on its first opening; it stays mounted from then on, so it slides in and out.
const ProductsDrawer = lazyWithTexts(() => import("./shop/catalogue/products-drawer"));
const CartDrawer = lazyWithTexts(() => import("./shop/cart/cart-drawer"));
// And the one-time Add to Home Screen offer, inside Telegram from a member's second visit (decision 110).
const HomeScreenOffer = lazyWithTexts(() => import("./home-screen/home-screen-offer"));
// And the toasts: with the first one (lib/toast.ts).
const Toaster = lazy(() => import("./components/toaster"));

export function AppLayout() {
  const { t } = useT();
  useTelegramBackButton();
  const openDrawer = useAtomValue(openDrawerAtom);
  const member = signedInUser(useAuth())?.ageVerified === true;
  const toasts = useSyncExternalStore(onToasterWanted, toasterWanted);
  const productsWanted = useOnceTrue(openDrawer === "products");
  const cartWanted = useOnceTrue(openDrawer === "cart");
  return (
    <>
      <Header />
      <main className="app-main">
        <Suspense fallback={<StateView kind="loading" label={t("common.loading")} />}>
          <Outlet />
        </Suspense>
      </main>
      {productsWanted ? (
        <Suspense fallback={null}>
          <ProductsDrawer />
        </Suspense>
      ) : null}
      {cartWanted ? (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      ) : null}
      {openDrawer === "auth" ? (
        <Suspense fallback={null}>
          <AuthDialog />
        </Suspense>
      ) : null}
      {openDrawer === "plan" && member ? (
        <Suspense fallback={null}>
          <PlanDialog />
        </Suspense>
      ) : null}
      {openDrawer === "checkout" && member ? (
        <Suspense fallback={null}>
          <CheckoutSheet />
        </Suspense>
      ) : null}
      {member && telegram()?.homeScreenDue ? (
        <Suspense fallback={null}>
          <HomeScreenOffer />
        </Suspense>
      ) : null}
      {toasts ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  );
}

/** True from the first render where `now` is true on. */
function useOnceTrue(now: boolean): boolean {
  const [once, setOnce] = useState(now);
  if (now && !once) setOnce(true);
  return once || now;
}
