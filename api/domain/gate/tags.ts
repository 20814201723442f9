/** Telegram's limit on a member's tag (setChatMemberTag): 16 characters, no emoji. */
const TAG_LENGTH = 16;
/** Emoji, their skin tones and flags, and what joins or dresses them (a joiner, a variation selector, a keycap). */
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0f|\u20e3/gu;

/** A tier's tag (decision 120): its name without emoji, spaces collapsed, at most 16 characters. */
export function tierTag(name: string): string {
  const plain = name.replace(EMOJI, "").replace(/\s+/g, " ").trim();
  return [...plain].slice(0, TAG_LENGTH).join("").trim();
}
