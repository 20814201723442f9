import { useAtom } from "jotai";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { openDrawerAtom } from "../state/drawers";
import { telegram } from "./controls";

/**
 * Inner pages show Telegram's BackButton; it goes back in the app, or home on a deep link. An open
 * drawer counts as a step too: back closes it first.
 */
export function useTelegramBackButton(): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [openDrawer, setOpenDrawer] = useAtom(openDrawerAtom);
  const drawerOpen = openDrawer !== null;
  const inner = pathname !== "/";

  useEffect(() => {
    const tg = telegram();
    if (!tg) return;
    tg.showBackButton(inner || drawerOpen);
    if (!inner && !drawerOpen) return;
    return tg.onBackButton(() => {
      if (drawerOpen) {
        setOpenDrawer(null);
        return;
      }
      // react-router numbers its history entries; 0 means this page was the first one opened.
      const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (index > 0) navigate(-1);
      else navigate("/", { replace: true });
    });
  }, [inner, drawerOpen, navigate, setOpenDrawer]);
}

/** Telegram asks before closing the Mini App while `on` (and stops asking when the screen goes). */
export function useClosingConfirmation(on: boolean): void {
  const tg = telegram();
  useEffect(() => {
    if (!tg || !on) return;
    tg.setClosingConfirmation(true);
    return () => tg.setClosingConfirmation(false);
  }, [tg, on]);
}

export function hapticImpact(): void {
  telegram()?.impact("medium");
}
