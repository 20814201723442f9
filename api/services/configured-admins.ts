import type { Db } from "#db/client";
import { addRole } from "#db/queries/accounts";
import type { ServiceContext } from "./context";

/**
 * ADMIN_EMAILS / ADMIN_TELEGRAM_IDS name the first admins; they get the role whenever they sign
 * in. A Telegram id is proven by Telegram's signature; an email only by its owner opening a link
 * mailed to it (`emailVerified`), never by typing it: an unproven email grants nothing.
 */
export async function grantConfiguredAdmin(
  ctx: Pick<ServiceContext, "config">,
  db: Db,
  userId: string,
  who: { email?: string | null; emailVerified?: boolean; telegramId?: bigint | null },
) {
  const byEmail =
    who.emailVerified === true &&
    !!who.email &&
    ctx.config.ADMIN_EMAILS.includes(who.email.trim().toLowerCase());
  const byTelegram =
    who.telegramId !== undefined &&
    who.telegramId !== null &&
    ctx.config.ADMIN_TELEGRAM_IDS.includes(who.telegramId.toString());
  if (byEmail || byTelegram) await addRole(db, userId, "admin");
}
