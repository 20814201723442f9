import type { Context } from "grammy";
import type { Logger } from "#api/logger";
import type { Db } from "#db/client";

export type BotContext = Context;

/** What the bot's features use: the database through api/services, the clock, the public URL. */
export interface BotServices {
  db: Db;
  now: () => Date;
  /** Where the Mini App is served (https); the /start button opens it. */
  publicUrl: string | undefined;
  log: Logger;
}
