// The auth feature's front door: what the edges (HTTP, bot, command line) and the other features
// use of it. Outside api/domain/auth/, import this, never a file inside it.
export { type TelegramIdentity, verifyInitData } from "./init-data";
export { busyMessage, createPasswords, type Passwords } from "./passwords";
export { mailboxKeys, notePendingPersons, notePersonSeen, personKeys, personSeen } from "./person-keys";
export { clearLimit, type LimitRule, limits, reserveAttempt, tooManyAttemptsMessage } from "./rate-limit";
export {
  endSession,
  launchSessionToken,
  liveSessionEnd,
  resolveSession,
  type SessionUser,
  sessionLanguage,
  startSession,
} from "./sessions";
export { hashToken, newToken } from "./tokens";
