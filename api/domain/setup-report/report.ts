import type { SetupReport } from "#api/contracts/setup-report";
import type { Database, ServiceContext } from "../context";
import { databaseLine, mailLine, modelLine, storageLine } from "./service-lines";
import { miniAppLine, paymentsLine } from "./shop-lines";
import { botLine, channelLine, updatesLine } from "./telegram-lines";

/**
 * Administration › Setup (decision 121): every part a real deployment needs, as this process sees
 * it now. The questions to Telegram, the mail relay and the bucket go out together, each bounded
 * by its own timeout, so one that hangs costs seconds, not the answer.
 */
export async function setupReport(ctx: ServiceContext, databaseKind: Database["kind"]): Promise<SetupReport> {
  const [updates, channel, payments, mail, storage, database] = await Promise.all([
    updatesLine(ctx),
    channelLine(ctx),
    paymentsLine(ctx),
    mailLine(ctx),
    storageLine(ctx),
    databaseLine(ctx, databaseKind),
  ]);
  return {
    // Read after Telegram's answers: a start that went through meanwhile shows as running.
    bot: botLine(ctx.bot.state()),
    updates,
    miniApp: miniAppLine(ctx.config),
    channel,
    payments,
    mail,
    storage,
    database,
    model: modelLine(ctx.config),
  };
}
