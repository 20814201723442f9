/**
 * The catalog id of a contract's English message (FNV-1a, base 36): the Mini App's catalogs key the
 * contracts' words by it rather than by the English itself, which would weigh as much again. The
 * build (miniapp/translation-catalogs.ts) fails on two messages with one id.
 */
export function messageId(english: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < english.length; index++) {
    hash ^= english.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `~${(hash >>> 0).toString(36)}`;
}
