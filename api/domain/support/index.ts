// The support feature's front door: what the edges (HTTP, bot, command line) and the other features
// use of it. Outside api/domain/support/, import this, never a file inside it.
export {
  conversationForStaff,
  conversationsForStaff,
  memberConversation,
  readConversation,
  replyAsStaff,
  writeFromBot,
  writeToShop,
} from "./support";
