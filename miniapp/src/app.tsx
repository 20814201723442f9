import { useState } from "react";
// From react-router/dom: navigations can then use ReactDOM.flushSync (sign-out leaves a signed-in page first).
import { RouterProvider } from "react-router/dom";
import { createRouter } from "./routes";

export function App() {
  const [router] = useState(createRouter);
  return <RouterProvider router={router} />;
}
