import { useEffect, useRef } from "react";
import { type TelegramControls, telegram } from "./controls";

/**
 * Telegram has one MainButton, but a sheet can open over a page that also wants it (the checkout
 * over a product page). Each mounted screen holds a claim; the claim made last owns the button:
 * only its text shows and only its action runs on a press. When it goes, the one below is shown
 * again. A claim without options keeps the button hidden while it is on top.
 */
export interface MainButtonOptions {
  text: string;
  enabled: boolean;
  onClick: () => void;
}

export interface MainButtonClaim {
  options: MainButtonOptions | null;
}

export type MainButtonView = { text: string; enabled: boolean; visible: boolean };

export class MainButtonOwners {
  private readonly claims: MainButtonClaim[] = [];
  private lastText = "";

  constructor(private readonly show: (view: MainButtonView) => void) {}

  /** Adds a claim on top; the returned function gives it up. */
  claim(claim: MainButtonClaim): () => void {
    this.claims.push(claim);
    this.render();
    return () => {
      const index = this.claims.indexOf(claim);
      if (index < 0) return;
      this.claims.splice(index, 1);
      this.render();
    };
  }

  /** A claim's options changed: shown only when it is on top. */
  changed(claim: MainButtonClaim): void {
    if (this.claims.at(-1) === claim) this.render();
  }

  /** Telegram reported a press: the top claim's action runs, no other. */
  press(): void {
    this.claims.at(-1)?.options?.onClick();
  }

  private render(): void {
    const options = this.claims.at(-1)?.options ?? null;
    // Hidden, the button keeps its last words, so Telegram never animates an empty label.
    if (options) this.lastText = options.text;
    this.show({
      text: this.lastText,
      enabled: options?.enabled ?? false,
      visible: options !== null,
    });
  }
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
