import { getDefaultStore } from "jotai";
import { api, call } from "../../lib/api";
import { authAtom, signedInUser, updateMe } from "../../state/auth";
import { telegram } from "../../telegram/controls";

const askedKey = (userId: string) => `bot-access-asked:${userId}`;

/**
 * After an order, inside Telegram: when the bot may not write to the member yet (the launch did not
 * allow it and they never started the bot), Telegram asks them once whether it may (decision 106).
 * A yes tells the server; a no is not asked again on this device. Never throws.
 */
export async function askBotAccessOnce(): Promise<void> {
  const controls = telegram();
  const me = signedInUser(getDefaultStore().get(authAtom));
  if (!controls || !me?.telegramId || me.botWritable) return;
  try {
    if (localStorage.getItem(askedKey(me.id))) return;
    localStorage.setItem(askedKey(me.id), new Date().toISOString());
  } catch {
    // Storage disabled: asking once per visit at most is still asking once after this order.
  }
  if (!(await controls.requestWriteAccess())) return;
  try {
    updateMe(await call(api.me["bot-access"].$post()));
  } catch {
    // The server did not hear it: the bot's /start still reaches the member.
  }
}
