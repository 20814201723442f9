import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { openDrawerAtom } from "../../state/drawers";

/** /cart (a cart reminder's button): the shop with its cart drawer open. */
export default function OpenCart() {
  const openDrawer = useSetAtom(openDrawerAtom);
  useEffect(() => openDrawer("cart"), [openDrawer]);
  return <Navigate to="/" replace />;
}
