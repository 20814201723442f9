import { Button, IconButton } from "@telegram-apps/telegram-ui";
import { SquarePlus, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useT } from "../i18n/use-t";
import { addToHomeScreen, homeScreenStatus } from "../telegram/share-calls";
import "./home-screen-offer.css";

/** Added, dismissed, or already on the home screen: never offered again (telegram/visits.ts). */
function homeScreenOfferDone(): void {
  try {
    localStorage.homeScreenDone = 1;
  } catch {
    // Storage blocked: visits are not counted either, so the offer cannot come back.
  }
}

/**
 * The one-time "Add to Home Screen" offer (decision 110): a small banner at the bottom, shown only
 * when Telegram says the app can be added and is not (checkHomeScreenStatus "missed"). Add asks
 * Telegram (addToHomeScreen); Add or the close button end the offer for good.
 */
export default function HomeScreenOffer() {
  const { t } = useT();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    void homeScreenStatus().then((status) => {
      if (!live) return;
      if (status === "missed") setShown(true);
      else if (status === "added") homeScreenOfferDone();
    });
    return () => {
      live = false;
    };
  }, []);
  if (!shown) return null;
  const finish = () => {
    homeScreenOfferDone();
    setShown(false);
  };
  return (
    <aside className="home-screen-offer" aria-label={t("share.homeScreenTitle")}>
      <SquarePlus size={22} className="home-screen-offer-icon" aria-hidden="true" />
      <div className="home-screen-offer-text">
        <strong>{t("share.homeScreenTitle")}</strong>
        <span>{t("share.homeScreenText")}</span>
      </div>
      <Button
        type="button"
        size="s"
        onClick={() => {
          addToHomeScreen();
          finish();
        }}
      >
        {t("share.homeScreenAdd")}
      </Button>
      <IconButton
        mode="plain"
        size="s"
        className="icon-button"
        onClick={finish}
        aria-label={t("share.homeScreenDismiss")}
      >
        <X size={18} aria-hidden="true" />
      </IconButton>
    </aside>
  );
}
