// The accounts feature's front door: what the edges (HTTP, bot, command line) and the other features
// use of it. Outside api/domain/accounts/, import this, never a file inside it.
export {
  allowBotMessages,
  changePassword,
  confirmAge,
  deleteAccount,
  loadMe,
  setNotifications,
  updateProfile,
} from "./account";
export { type IssuedSession, logIn, signInWithTelegram, signUp } from "./auth";
export { storeAvatar } from "./avatar";
export { warnAboutConfiguredAdmins } from "./configured-admins";
export { confirmEmailVerification, requestEmailVerification } from "./email-verification";
export { confirmPasswordReset, requestPasswordReset } from "./password-reset";
export {
  findAccountsByIdentifier,
  grantRole,
  listUsersPage,
  readRoles,
  replaceRole,
  revokeRole,
} from "./roles";
export { claimSetupLink, offerSetupLink } from "./setup-link";
export { createTelegramLink, LINK_PREFIX, type LinkOutcome, redeemTelegramLink } from "./telegram-link";
