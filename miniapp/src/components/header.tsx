import { Badge, IconButton } from "@telegram-apps/telegram-ui";
import { useAtomValue, useSetAtom } from "jotai";
import { LayoutGrid, ShoppingCart, UserRound } from "lucide-react";
import { useNavigate } from "react-router";
import { useAuth } from "../state/auth";
import { cartCountAtom } from "../state/cart";
import { openDrawerAtom } from "../state/drawers";
import "./header.css";

export function Header() {
  const setOpenDrawer = useSetAtom(openDrawerAtom);
  const count = useAtomValue(cartCountAtom);
  const navigate = useNavigate();
  const signedIn = useAuth().status === "signed-in";
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <IconButton
          mode="plain"
          size="l"
          className="header-button"
          onClick={() => setOpenDrawer("products")}
          aria-label="Products"
        >
          <LayoutGrid size={22} aria-hidden="true" />
        </IconButton>
        <div className="app-header-actions">
          <IconButton
            mode="plain"
            size="l"
            className="header-button"
            onClick={() => setOpenDrawer("cart")}
            aria-label={count > 0 ? `Cart, ${count} item(s)` : "Cart"}
          >
            <ShoppingCart size={22} aria-hidden="true" />
            {count > 0 ? (
              <Badge
                type="number"
                mode="critical"
                className="cart-badge"
                data-testid="cart-count"
                aria-hidden="true"
              >
                {count > 99 ? "99+" : count}
              </Badge>
            ) : null}
          </IconButton>
          <IconButton
            mode="plain"
            size="l"
            className="header-button"
            onClick={() => navigate(signedIn ? "/settings" : "/auth")}
            aria-label="Account"
          >
            <UserRound size={22} aria-hidden="true" />
          </IconButton>
        </div>
      </div>
    </header>
  );
}
