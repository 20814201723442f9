import { Badge, IconButton } from "@telegram-apps/telegram-ui";
import { useAtomValue, useSetAtom } from "jotai";
import { Crown, LayoutGrid, ShoppingCart, UserRound } from "lucide-react";
import { useNavigate } from "react-router";
import { useT } from "../i18n/use-t";
import { signedInUser, useAuth } from "../state/auth";
import { cartCountAtom } from "../state/cart";
import { openDrawerAtom } from "../state/drawers";
import "./header.css";

export function Header() {
  const { t } = useT();
  const setOpenDrawer = useSetAtom(openDrawerAtom);
  const count = useAtomValue(cartCountAtom);
  const navigate = useNavigate();
  const auth = useAuth();
  const me = signedInUser(auth);
  // While the account is still loading (a Telegram launch signing in) a tap must not count as
  // signed out: Account goes to /settings, whose guard waits; the plan button waits too.
  const loading = auth.status === "loading";
  // The plan is the account's, like Settings: signed out it is /auth, before the age gate the landing.
  const openPlan = () => (me?.ageVerified ? setOpenDrawer("plan") : navigate(me ? "/" : "/auth"));
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <IconButton
          mode="plain"
          size="l"
          className="header-button"
          onClick={() => setOpenDrawer("products")}
          aria-label={t("header.products")}
        >
          <LayoutGrid size={22} aria-hidden="true" />
        </IconButton>
        <div className="app-header-actions">
          <IconButton
            mode="plain"
            size="l"
            className="header-button"
            onClick={openPlan}
            disabled={loading}
            aria-label={t("header.plan")}
          >
            <Crown size={22} aria-hidden="true" />
          </IconButton>
          <IconButton
            mode="plain"
            size="l"
            className="header-button"
            onClick={() => setOpenDrawer("cart")}
            aria-label={count > 0 ? t("header.cartCount", { count }) : t("header.cart")}
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
            onClick={() => navigate(auth.status === "signed-out" ? "/auth" : "/settings")}
            aria-label={t("header.account")}
          >
            <UserRound size={22} aria-hidden="true" />
          </IconButton>
        </div>
      </div>
    </header>
  );
}
