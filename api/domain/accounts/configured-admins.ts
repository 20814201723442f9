import type { Db } from "#db/client";
import { addRole, unprovenAdminEmails } from "#db/queries/accounts/accounts";
import type { ServiceContext } from "../context";

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
  if (byEmail || byTelegram) await addRole(db, userId, "admin", "configured");
}

/**
 * At start: ADMIN_EMAILS needs mail to prove an address, and admins with an ADMIN_EMAILS address
 * nobody proved are named for the operator to check, unless the role was given on purpose (the
 * admin command, the setup link, an admin: user_roles.granted_by, decision 122): those stored
 * before emails were proven, or before grants were recorded.
 */
export async function warnAboutConfiguredAdmins(
  ctx: Pick<ServiceContext, "config" | "db" | "log" | "mailer">,
) {
  const emails = ctx.config.ADMIN_EMAILS;
  if (!emails.length) return;
  if (!ctx.mailer) {
    ctx.log.warn(
      "ADMIN_EMAILS cannot take effect without SMTP_URL: an email makes an admin only once verified through a mailed link. Use `npm run admin -- grant <email> admin` instead",
      { adminEmails: emails.length },
    );
  }
  const unproven = await unprovenAdminEmails(ctx.db, emails);
  if (unproven.length) {
    ctx.log.warn(
      "accounts with an ADMIN_EMAILS address hold admin without having verified it: check them (`npm run admin -- list`) and revoke what nobody granted (`npm run admin -- revoke <email> admin`)",
      { emails: unproven },
    );
  }
}
