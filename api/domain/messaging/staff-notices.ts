import type { Language } from "#api/contracts/languages";
import { type Role, telegramIdsWithRoles } from "#db/queries/accounts/accounts";
import type { ServiceContext } from "../context";
import { enqueue } from "./outbox/enqueue";
import { recipientLanguage } from "./recipient-language";

/** A notice's words in a reader's language. */
export type NoticeText = (language: Language) => string;

/**
 * Staff holding any of `roles` with a Telegram account hear each text, in turn, each in their own
 * language, through the outbox (kind staff_notice): only while the bot runs, and only those the bot
 * may write to (the others are counted unreachable). What the notice tells of stands either way.
 */
export async function tellStaff(ctx: ServiceContext, roles: Role[], texts: NoticeText[]): Promise<void> {
  if (!ctx.telegram.enabled || texts.length === 0) return;
  const staff = await telegramIdsWithRoles(ctx.db, roles);
  await enqueue(
    ctx.db,
    texts.flatMap((text) =>
      staff.map((member) => ({
        kind: "staff_notice" as const,
        userId: member.userId,
        reach: { telegramId: member.telegramId, botWritable: member.botWritable, verifiedEmail: null },
        payload: { text: text(recipientLanguage(member.language)) },
      })),
    ),
  );
}

/** The shop's admins hear each text: the staff notices of low stock and of a payment not applied (decision 116). */
export const tellAdmins = (ctx: ServiceContext, texts: NoticeText[]) => tellStaff(ctx, ["admin"], texts);
