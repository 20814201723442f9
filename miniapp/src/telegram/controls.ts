/**
 * What the app asks of Telegram. Set once at start by telegram/init.ts when the app runs inside
 * Telegram and null otherwise, so components never import the SDK themselves.
 */
export interface TelegramControls {
  showBackButton(visible: boolean): void;
  onBackButton(handler: () => void): () => void;
  setMainButton(params: { text: string; enabled: boolean; visible: boolean }): void;
  onMainButton(handler: () => void): () => void;
  impact(style?: "light" | "medium" | "heavy"): void;
}

let controls: TelegramControls | null = null;

export function setTelegramControls(value: TelegramControls | null): void {
  controls = value;
}

export function telegram(): TelegramControls | null {
  return controls;
}
