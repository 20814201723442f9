import { telegram } from "./controls";

/**
 * Telegram's share and home screen methods (Bot API 8.0), sent through the SDK's request and
 * postEvent as its shareMessage, checkHomeScreenStatus and addToHomeScreen send them, but loaded with
 * the Share button and the home screen offer rather than with the first screen (decision 110).
 */
const since8 = () => {
  const tg = telegram();
  return tg && Number.parseFloat(tg.version) >= 8 ? tg : null;
};

/** Telegram's chat picker for a message the bot prepared: "sent", "cancelled" (or failed), "unsupported". */
export async function shareMessage(id: string): Promise<"sent" | "cancelled" | "unsupported"> {
  const tg = since8();
  if (!tg) return "unsupported";
  try {
    const result = await tg.request(
      "web_app_send_prepared_message",
      ["prepared_message_failed", "prepared_message_sent"],
      { id },
    );
    return result && typeof result === "object" && "error" in result ? "cancelled" : "sent";
  } catch {
    return "cancelled";
  }
}

/** checkHomeScreenStatus: "missed" when the app can be added and is not; "unsupported" when it cannot tell. */
export async function homeScreenStatus(): Promise<"unsupported" | "unknown" | "added" | "missed"> {
  const tg = since8();
  if (!tg) return "unsupported";
  try {
    const answer = (await tg.request(
      "web_app_check_home_screen",
      ["home_screen_checked"],
      undefined,
      3000,
    )) as {
      status?: string;
    } | null;
    const status = answer?.status;
    return status === "added" || status === "missed" || status === "unknown" ? status : "unsupported";
  } catch {
    return "unsupported";
  }
}

/** addToHomeScreen: Telegram asks the person to add the app. */
export function addToHomeScreen(): void {
  try {
    since8()?.postEvent("web_app_add_to_home_screen");
  } catch {
    // An old Telegram: nothing to do.
  }
}
