import { useAtom } from "jotai";
import { useEffect, useRef } from "react";
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

/**
 * Telegram's MainButton as the page's main action. Returns whether it is in use, so the page can
 * leave out its own button.
 */
export function useTelegramMainButton(
  options: { text: string; enabled: boolean; onClick: () => void } | null,
): boolean {
  const onClick = useRef(options?.onClick);
  onClick.current = options?.onClick;
  const tg = telegram();
  const text = options?.text;
  const enabled = options?.enabled ?? false;

  useEffect(() => {
    if (!tg || text === undefined) return;
    tg.setMainButton({ text, enabled, visible: true });
    const off = tg.onMainButton(() => onClick.current?.());
    return () => {
      off();
      tg.setMainButton({ text, enabled, visible: false });
    };
  }, [tg, text, enabled]);

  return tg !== null && options !== null;
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
