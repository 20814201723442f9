import { useAtomValue } from "jotai";
import { lazy, Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { Toaster } from "sonner";
import { useAppearance } from "../state/appearance";
import { signedInUser, useAuth } from "../state/auth";
import { openDrawerAtom } from "../state/drawers";
import { useTelegramBackButton } from "../telegram/hooks";
import { CartDrawer } from "./cart-drawer";
import { Header } from "./header";
import { ProductsDrawer } from "./products-drawer";
import { StateView } from "./state-view";

// The forms (and zod with them) load when the dialog first opens, never with the first screen.
const AuthDialog = lazy(() => import("./auth-dialog"));
// The plan picker too: most visits never open it.
const PlanDialog = lazy(() => import("../plans/plan-dialog"));
// And the credit checkout.
const CheckoutSheet = lazy(() => import("../checkout/checkout-sheet"));

const TOAST_BOTTOM = "calc(max(var(--safe-bottom), var(--bottom-bar-height, 0px)) + 12px)";

export function AppLayout() {
  useTelegramBackButton();
  const openDrawer = useAtomValue(openDrawerAtom);
  const member = signedInUser(useAuth())?.ageVerified === true;
  const { dark } = useAppearance();
  return (
    <>
      <Header />
      <main className="app-main">
        <Suspense fallback={<StateView kind="loading" label="Loading" />}>
          <Outlet />
        </Suspense>
      </main>
      <ScrollRestoration />
      <ProductsDrawer />
      <CartDrawer />
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
      {/*
        The spec's toast defaults: up to 3 visible, 4000 ms each. At the bottom, above the safe area
        and any bottom bar of the page (--bottom-bar-height, which includes the safe area), so they never cover the header, a
        title, a back arrow or a sheet's close button; inside Telegram the MainButton sits below the
        web view already.
      */}
      <Toaster
        visibleToasts={3}
        duration={4000}
        theme={dark ? "dark" : "light"}
        position="bottom-center"
        offset={{ bottom: TOAST_BOTTOM }}
        mobileOffset={{ bottom: TOAST_BOTTOM }}
        toastOptions={{ className: "toast", classNames: { actionButton: "toast-action" } }}
      />
    </>
  );
}
