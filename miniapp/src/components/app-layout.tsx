import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { Toaster } from "sonner";
import { useTelegramBackButton } from "../telegram/hooks";
import { CartDrawer } from "./cart-drawer";
import { Header } from "./header";
import { ProductsDrawer } from "./products-drawer";
import { Spinner } from "./spinner";

export function AppLayout() {
  useTelegramBackButton();
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
      {/* The spec's toast defaults: up to 3 visible, 4000 ms each. */}
      <Toaster
        visibleToasts={3}
        duration={4000}
        theme="dark"
        position="top-center"
        offset={{ top: "calc(var(--header-height) + var(--safe-top) + 8px)" }}
        mobileOffset={{ top: "calc(var(--header-height) + var(--safe-top) + 8px)" }}
        toastOptions={{ className: "toast" }}
      />
    </>
  );
}
