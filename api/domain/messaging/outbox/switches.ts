import type { Language } from "#api/contracts/languages";
import { markBotWritable, type NotificationSwitch, turnSwitchOff } from "#db/queries/messaging/bot-reach";
import { OUTBOX_KINDS, type OutboxKind } from "#db/schema/index";
import type { ServiceContext } from "../../context";
import { publish } from "../../events";
import { recipientLanguage } from "../recipient-language";
import { outboxKinds } from "./kinds";

/**
 * The member opened the bot (/start, or wrote to it): it may write to them again, blocked or not
 * before, and what waited for a way to reach them may go (the memberReachable event, in the background).
 */
export async function openedBot(ctx: ServiceContext, telegramId: bigint): Promise<void> {
  const userId = await markBotWritable(ctx.db, telegramId);
  if (userId)
    ctx.background.run("member reachable", () => publish(ctx, ctx.db, "memberReachable", { userId }));
}

/** What a stop button did: the switch it turned off (none: the kind has none, or no account has that Telegram). */
export interface Stopped {
  which: NotificationSwitch | undefined;
  language: Language;
}

const isKind = (value: string): value is OutboxKind => (OUTBOX_KINDS as readonly string[]).includes(value);

/**
 * A stop button under a message of `kind` (as its callback data names it): turns that kind's switch
 * off for the account with this Telegram. `languageTag` is the Telegram app's, for a person with no
 * account or language stored.
 */
export async function stopKind(
  ctx: Pick<ServiceContext, "db">,
  telegramId: bigint,
  kind: string,
  languageTag: string | undefined,
): Promise<Stopped> {
  const which = isKind(kind) ? outboxKinds[kind].switch : undefined;
  if (!which) return { which: undefined, language: recipientLanguage(null, languageTag) };
  const account = await turnSwitchOff(ctx.db, telegramId, which);
  return { which: account ? which : undefined, language: recipientLanguage(account?.language, languageTag) };
}
