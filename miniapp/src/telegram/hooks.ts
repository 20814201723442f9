import { useAtom } from "jotai";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { openDrawerAtom } from "../state/drawers";
import { type TelegramControls, telegram } from "./controls";
import { type MainButtonClaim, type MainButtonOptions, MainButtonOwners } from "./main-button";

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

let mainButton: { tg: TelegramControls; owners: MainButtonOwners } | null = null;

function mainButtonOwners(tg: TelegramControls): MainButtonOwners {
  if (mainButton?.tg !== tg) {
    const owners = new MainButtonOwners((view) => tg.setMainButton(view));
    tg.onMainButton(() => owners.press());
    mainButton = { tg, owners };
  }
  return mainButton.owners;
}

/**
 * Telegram's MainButton as the screen's main action, while the screen is the last one opened that
 * wants it (see MainButtonOwners); null keeps it hidden. Returns whether the MainButton is in use,
 * so the screen can leave out its own button.
 */
export function useTelegramMainButton(options: MainButtonOptions | null): boolean {
  const tg = telegram();
  const onClick = useRef(options?.onClick);
  onClick.current = options?.onClick;
  const claim = useRef<MainButtonClaim | null>(null);
  const text = options?.text;
  const enabled = options?.enabled ?? false;

  useEffect(() => {
    if (!tg) return;
    const mine: MainButtonClaim = { options: null };
    claim.current = mine;
    const release = mainButtonOwners(tg).claim(mine);
    return () => {
      claim.current = null;
      release();
    };
  }, [tg]);

  useEffect(() => {
    const mine = claim.current;
    if (!tg || !mine) return;
    mine.options = text === undefined ? null : { text, enabled, onClick: () => onClick.current?.() };
    mainButtonOwners(tg).changed(mine);
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
