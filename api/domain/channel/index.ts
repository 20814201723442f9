// The channel feature's front door: what the edges (HTTP, bot, command line) and the other features
// use of it. Outside api/domain/channel/, import this, never a file inside it.
export { addToDraft, channelAdminByTelegramId, reopenDraft, settleDraft } from "./channel-drafts";
export { readChannelInfo, readChannelName } from "./channel-info";
export {
  creditChannelPosts,
  type PostAttachment,
  pinChannelPost,
  relayChannelEdit,
  relayChannelPost,
  setChannelReactions,
  setRelayedPostTiers,
} from "./channel-messages";
export { postMessage } from "./composer-post";
export { pinMessage, react, readFeedMessages, readFeedPage, removeMessage } from "./feed";
export { assertFileReadable, GRANT_PARAMETER } from "./media-grants";
export { messageTranslations } from "./message-translation";
export { inlineProducts, preparePostShare, prepareProductShare, summary } from "./share";
export { claimUpdate, forgetOldUpdates, releaseUpdate } from "./telegram-updates";
