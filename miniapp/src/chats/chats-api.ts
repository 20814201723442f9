import { api, call } from "../lib/api";

/** The chats the member's plan opens, and those they asked to join (decision 120). */
export const fetchMemberChats = async (signal?: AbortSignal) =>
  (await call(api.me.chats.$get(undefined, { init: { signal } }))).chats;

/** A personal invite link to the chat: it makes a join request the bot approves for this member. */
export const requestInvite = (chatId: string) =>
  call(api.me.chats[":chatId"].invite.$post({ param: { chatId } }));
