import { useAtomValue } from "jotai";
import { lazy, Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { Toaster } from "sonner";
import { useAppearance } from "../state/appearance";
import { openDrawerAtom } from "../state/drawers";
import { useTelegramBackButton } from "../telegram/hooks";
import { CartDrawer } from "./cart-drawer";
import { Header } from "./header";
import { ProductsDrawer } from "./products-drawer";
import { Spinner } from "./spinner";

// The forms (and zod with them) load when the dialog first opens, never with the first screen.
const AuthDialog = lazy(() => import("./auth-dialog"));

export function AppLayout() {
  useTelegramBackButton();
  const openDrawer = useAtomValue(openDrawerAtom);
  const { dark } = useAppearance();
  return (
    <>
      <Header />
      <main className="app-main">
        <Suspense fallback={<Spinner />}>
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
      {/* The spec's toast defaults: up to 3 visible, 4000 ms each. */}
      <Toaster
        visibleToasts={3}
        duration={4000}
        theme={dark ? "dark" : "light"}
        position="top-center"
        offset={{ top: "calc(var(--header-height) + var(--safe-top) + 8px)" }}
        mobileOffset={{ top: "calc(var(--header-height) + var(--safe-top) + 8px)" }}
        toastOptions={{ className: "toast" }}
      />
    </>
  );
}
