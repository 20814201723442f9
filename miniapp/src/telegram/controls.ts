/**
 * What the app asks of Telegram. Set once at start by telegram/init.ts when the app runs inside
 * Telegram and null otherwise, so components never import the SDK themselves.
 */
export interface TelegramControls {
  /** The raw launch initData the API verifies at sign-in (never initDataUnsafe); null when absent. */
  initData: string | null;
  /** Telegram's platform from the launch parameters: "ios", "android", "tdesktop", "macos", "web"… */
  platform: string;
  showBackButton(visible: boolean): void;
  onBackButton(handler: () => void): () => void;
  setMainButton(params: { text: string; enabled: boolean; visible: boolean }): void;
  onMainButton(handler: () => void): () => void;
  impact(style?: "light" | "medium" | "heavy"): void;
  /** Closes the Mini App (Telegram's own close). */
  close(): void;
  /** While on, Telegram asks before the Mini App is closed (a checkout in progress). */
  setClosingConfirmation(on: boolean): void;
  /** Opens a link outside the Mini App (t.me links inside Telegram), keeping the app open. */
  openLink(url: string): void;
  /**
   * Opens an invoice link (https://t.me/$slug or /invoice/slug) in Telegram's payment sheet and
   * resolves with how it was closed; rejects when this Telegram cannot open invoices.
   */
  openInvoice(url: string): Promise<InvoiceStatus>;
  /**
   * Telegram's "allow the bot to message you?" (requestWriteAccess): true when the member allowed
   * it; false when they declined or this Telegram cannot ask.
   */
  requestWriteAccess(): Promise<boolean>;
  /**
   * This launch is the person's second or later visit and they have neither added the app to the
   * home screen nor dismissed the offer (telegram/visits.ts counts, decision 110).
   */
  homeScreenDue: boolean;
  /** The Bot API version of this Telegram ("8.0"): which methods it knows. */
  version: string;
  /**
   * The SDK's request: posts a Mini App method with its params and resolves with the payload of the
   * first of `events` Telegram answers with (telegram/share-calls.ts builds on it).
   */
  request(method: string, events: string[], params?: object, timeout?: number): Promise<unknown>;
  /** The SDK's postEvent: a Mini App method that has no answer. */
  postEvent(method: string): void;
  /** Whether Telegram's current theme is dark (null when it has not said). */
  isDark(): boolean | null;
  /** Calls `handler` when the person switches Telegram's theme. */
  onThemeChange(handler: () => void): () => void;
  /**
   * Colours Telegram's header, the app's background and the bottom bar: Telegram's own theme
   * colours (null) when the app shows them, else the app's palette colour (#rrggbb).
   */
  setChromeColor(color: `#${string}` | null): void;
}

/** How Telegram's payment sheet closed ("pending": paid, the payment still being confirmed). */
export type InvoiceStatus = "paid" | "cancelled" | "failed" | "pending";

let controls: TelegramControls | null = null;

export function setTelegramControls(value: TelegramControls | null): void {
  controls = value;
}

export function telegram(): TelegramControls | null {
  return controls;
}

/**
 * Opens a page outside the app: Telegram's openLink inside Telegram (the Mini App stays open; it
 * takes only absolute http(s) addresses, so a path is resolved against this page), a new tab on
 * the web.
 */
export function openOutside(url: string): void {
  const absolute = new URL(url, window.location.href).href;
  if (controls) controls.openLink(absolute);
  else window.open(absolute, "_blank", "noopener,noreferrer");
}
