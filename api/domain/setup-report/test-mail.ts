import type { Language } from "#api/contracts/languages";
import type { TestMail } from "#api/contracts/setup-report";
import { withTimeout } from "#api/domain/operations";
import { findAccountById } from "#db/queries/accounts/accounts";
import type { ServiceContext } from "../context";
import { serverText } from "../i18n/translate";
import { Refusal } from "../refusal";
import { errorText } from "./telegram-lines";

/** A test takes the relay's answer or this long, whichever comes first. */
const SEND_TIMEOUT_MS = 15_000;

/**
 * Administration › Setup's test: a mail to the admin's own address, now, in their language; the
 * relay's refusal is said as it words it (test_mail_failed). It answers the admin's tap, so it is
 * sent here, not queued in the outbox.
 */
export async function sendTestMail(
  ctx: Pick<ServiceContext, "db" | "mailer">,
  adminId: string,
  language: Language,
): Promise<TestMail> {
  if (!ctx.mailer) throw new Refusal("mail_not_configured");
  const to = (await findAccountById(ctx.db, adminId))?.email;
  if (!to) throw new Refusal("no_email");
  try {
    await withTimeout(
      ctx.mailer.send({
        to,
        subject: serverText(language, "mail.testSubject"),
        text: serverText(language, "mail.testText"),
      }),
      SEND_TIMEOUT_MS,
    );
  } catch (error) {
    throw new Refusal("test_mail_failed", { cause: errorText(error) });
  }
  return { sentTo: to };
}
