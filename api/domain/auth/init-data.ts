import { timingSafeEqual } from "node:crypto";
import { signData } from "@telegram-apps/init-data-node";
import { z } from "zod";
import { telegramAuthMessages } from "#api/contracts/auth";
import { defaultLanguage, type Language, shippedLanguage } from "#api/contracts/languages";
import { hasInvalidText } from "#api/contracts/text";

export interface TelegramIdentity {
  telegramId: bigint;
  firstName: string;
  lastName: string | undefined;
  username: string | undefined;
  photoUrl: string | undefined;
  startParam: string | undefined;
  /** The member's Telegram language, as one we ship (English for any other, or none given). */
  language: Language;
  /** The launch's signed hash: the same for every replay of one initData. */
  launchHash: string;
  /** The launch's `allows_write_to_pm`: the member allowed the bot to write to them (decision 106). */
  allowsWriteToPm: boolean;
}

export type InitDataResult =
  | { ok: true; identity: TelegramIdentity }
  | { ok: false; message: (typeof telegramAuthMessages)[keyof typeof telegramAuthMessages] };

const userSchema = z.object({
  id: z.number().int().positive().refine(Number.isSafeInteger),
  first_name: z.string(),
  last_name: z.string().optional(),
  username: z.string().optional(),
  photo_url: z.string().optional(),
  language_code: z.string().max(35).optional(),
  allows_write_to_pm: z.boolean().optional(),
});

// Phones' clocks and ours differ a little; a launch stamped a minute ahead is still a launch.
const FUTURE_SKEW_SECONDS = 60;

/**
 * Checks a Mini App's raw initData the way core.telegram.org/bots/webapps describes. The library's
 * validate() compares the hash with `!==` and reads Date.now(), and its parse() refuses launches
 * without the newer `signature` field; so we use its HMAC (signData), compare in constant time,
 * judge the age against our injectable clock both ways, and read the user field ourselves.
 */
export function verifyInitData(
  raw: string,
  botToken: string,
  maxAgeSeconds: number,
  now: Date,
): InitDataResult {
  const params = new URLSearchParams(raw);
  const hash = params.get("hash");
  const authDateText = params.get("auth_date");
  if (!hash || !/^[0-9a-f]{64}$/i.test(hash) || !authDateText || !/^\d{1,12}$/.test(authDateText)) {
    return { ok: false, message: telegramAuthMessages.malformed };
  }

  const pairs: string[] = [];
  params.forEach((value, key) => {
    if (key !== "hash") pairs.push(`${key}=${value}`);
  });
  pairs.sort();
  const expected = Buffer.from(signData(pairs.join("\n"), botToken), "hex");
  const given = Buffer.from(hash.toLowerCase(), "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, message: telegramAuthMessages.invalid };
  }

  const ageSeconds = Math.floor(now.getTime() / 1000) - Number(authDateText);
  if (ageSeconds < -FUTURE_SKEW_SECONDS) return { ok: false, message: telegramAuthMessages.future };
  if (ageSeconds > maxAgeSeconds) return { ok: false, message: telegramAuthMessages.expired };

  let user: z.infer<typeof userSchema>;
  try {
    user = userSchema.parse(JSON.parse(params.get("user") ?? ""));
  } catch {
    return { ok: false, message: telegramAuthMessages.malformed };
  }
  const startParam = params.get("start_param") ?? undefined;
  // Signed by Telegram, yet names are what people typed: the request validator's text rule.
  if (hasInvalidText([user, startParam])) return { ok: false, message: telegramAuthMessages.malformed };
  return {
    ok: true,
    identity: {
      telegramId: BigInt(user.id),
      firstName: user.first_name,
      lastName: user.last_name,
      username: user.username,
      photoUrl: user.photo_url,
      startParam,
      language: shippedLanguage(user.language_code) ?? defaultLanguage,
      launchHash: hash.toLowerCase(),
      allowsWriteToPm: user.allows_write_to_pm === true,
    },
  };
}
