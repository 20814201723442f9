import { startParams } from "#api/contracts/app-links";
import {
  type ClaimedStockAlert,
  claimDueStockAlerts,
  postponeStockAlert,
  removeStockAlert,
} from "#db/queries/stock-alerts";
import type { ServiceContext } from "../context";
import { serverText } from "../i18n/translate";
import { type Mailer, SMTP_CONNECTIONS } from "../ports/mailer";
import { telegramStartAppLink } from "./app-links";
import { backInStockMail } from "./member-mail";
import { recipientLanguage } from "./recipient-language";
import { repeatEvery } from "./repeating";

/** Alerts are claimed and sent this many at a time: the SMTP pool's connections, never more. */
const BATCH = SMTP_CONNECTIONS;

/**
 * A claim holds an alert this long: past the end of any send (nodemailer gives up on a silent relay
 * after 10 minutes, the bot's retries wait at most 3 × 60 s), so no other process sends it
 * meanwhile, and one that died mid-send hands it on.
 */
const LEASE_MS = 15 * 60_000;

/**
 * After the n-th failed send the next waits 1, 2, 4 … minutes, at most an hour: a relay that is
 * down is not hammered, and one that is back is used within the hour.
 */
export const retryDelayMs = (failures: number) => Math.min(60_000 * 2 ** (failures - 1), 60 * 60_000);

/** How members can be told right now: the bot's product link without the id (null while the bot is off), and mail. */
interface Channels {
  botLinkPrefix: string | null;
  mailer: Mailer | undefined;
}

/**
 * Sends the due alerts of active products in stock (those of `productIds` after their restock; all
 * on a retry), a batch at a time until none is due: through the bot to a member with a Telegram
 * account while it runs, else by mail to a proven address. An alert is deleted once its message was
 * accepted; a failed one counts an attempt and waits out its backoff. A member the shop cannot reach
 * (no Telegram account or no bot, and no proven address) is not claimed: the alert waits until they
 * can be told.
 */
export async function deliverDueStockAlerts(ctx: ServiceContext, productIds?: string[]): Promise<void> {
  const channels: Channels = {
    // The start parameter comes last in the link, so this prefix takes the product's id.
    botLinkPrefix: ctx.telegram.enabled ? telegramStartAppLink(ctx, startParams.product) : null,
    mailer: ctx.mailer,
  };
  for (;;) {
    const now = ctx.now();
    const claimed = await claimDueStockAlerts(ctx.db, {
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      byTelegram: channels.botLinkPrefix !== null,
      byMail: channels.mailer !== undefined,
      productIds,
      limit: BATCH,
    });
    if (claimed.length === 0) return;
    await Promise.all(claimed.map((alert) => deliver(ctx, channels, alert)));
  }
}

async function deliver(ctx: ServiceContext, channels: Channels, alert: ClaimedStockAlert): Promise<void> {
  try {
    await tell(ctx, channels, alert);
  } catch (error) {
    const attempts = alert.attempts + 1;
    ctx.log.warn("back-in-stock alert not sent; retried later", {
      userId: alert.userId,
      productId: alert.productId,
      attempts,
      error: String(error),
    });
    await postponeStockAlert(ctx.db, alert, attempts, new Date(ctx.now().getTime() + retryDelayMs(attempts)));
    return;
  }
  await removeStockAlert(ctx.db, alert.userId, alert.productId);
}

/** Resolves once the bot or the relay accepted the message, worded in the member's stored language. */
async function tell(ctx: ServiceContext, channels: Channels, alert: ClaimedStockAlert): Promise<void> {
  const language = recipientLanguage(alert.language);
  if (channels.botLinkPrefix !== null && alert.telegramId !== null) {
    const link = `${channels.botLinkPrefix}${alert.productId}`;
    await ctx.telegram.sendMessage(
      alert.telegramId,
      serverText(language, "notice.backInStock", { title: alert.title, link }),
    );
  } else if (channels.mailer && alert.verifiedEmail) {
    await channels.mailer.send(
      backInStockMail(ctx, alert.verifiedEmail, language, { id: alert.productId, title: alert.title }),
    );
  } else {
    // The claim picks only members a channel reaches; should one slip through, it is retried.
    throw new Error("no channel reaches the member");
  }
}

const RETRY_EVERY_MS = 60_000;

/**
 * Every minute, the due alerts of products in stock are sent again (deliverDueStockAlerts) until
 * stopped; stop() waits for a round in progress. Every process runs it: the claims keep two from
 * sending one alert.
 */
export function startStockAlertRetries(ctx: ServiceContext, everyMs = RETRY_EVERY_MS) {
  return repeatEvery(
    everyMs,
    () => deliverDueStockAlerts(ctx),
    (error) => ctx.log.warn("back-in-stock retries failed", { error: String(error) }),
  );
}
