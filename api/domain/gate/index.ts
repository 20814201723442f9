// The gate's front door (decision 120): what the edges (HTTP, bot, jobs) and the composition root
// use of it. Outside api/domain/gate/, import this, never a file inside it.
export {
  announceToChat,
  botIsAdministrator,
  listChatsForAdmin,
  missingRights,
  recordBotStatus,
  setChatAccess,
} from "./chats";
export { type GateChat, type JoinRequestUpdate, receiveJoinRequest, recordChatMember } from "./joining";
export { inviteLink, memberChatsOf } from "./member-chats";
export { reconcileGate } from "./reconcile";
export { gateSubscribers } from "./subscribers";
