// The messaging feature's front door: what the edges (HTTP, bot, command line) and the other features
// use of it. Outside api/domain/messaging/, import this, never a file inside it.
export { publicPageLink, telegramStartAppLink } from "./app-links";
export {
  broadcastForAdmin,
  broadcastsForAdmin,
  cancelBroadcast,
  createBroadcast,
  previewAudience,
  startDueBroadcasts,
  uploadBroadcastImage,
} from "./broadcasts";
export { backInStockMail, orderPlacedMail, orderStatusMail } from "./member-mail";
export { orderNoticeTexts } from "./order-notice-texts";
export {
  enqueue,
  enqueueActions,
  type OutboxAction,
  type OutboxMessage,
  type OutboxPayload,
} from "./outbox/enqueue";
export { stopButton } from "./outbox/kinds";
export { recoverOutboxLeases, startOutboxSender } from "./outbox/sender";
export { openedBot, stopKind } from "./outbox/switches";
export { recipientLanguage, telegramUserLanguage } from "./recipient-language";
export { tellAdmins, tellStaff } from "./staff-notices";
