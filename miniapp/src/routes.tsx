import { lazy } from "react";
import { createBrowserRouter } from "react-router";
import { AppLayout } from "./components/app-layout";

// Each page is its own chunk; the layout (header, drawers) renders at once while a page loads.
const HomePage = lazy(() => import("./pages/home-page"));
const ProductPage = lazy(() => import("./pages/product-page"));
const NotFoundPage = lazy(() => import("./pages/not-found-page"));

export function createRouter() {
  return createBrowserRouter([
    {
      path: "/",
      element: <AppLayout />,
      children: [
        { index: true, element: <HomePage /> },
        { path: "product/:id", element: <ProductPage /> },
        { path: "*", element: <NotFoundPage /> },
      ],
    },
  ]);
}
