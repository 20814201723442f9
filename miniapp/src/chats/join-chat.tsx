import { atom, useAtomValue } from "jotai";
import { CircleCheck, Clock, KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { CHAT_ID } from "#api/contracts/app-links";
import type { MemberChat } from "#api/contracts/gate";
import { useT } from "../i18n/use-t";
import { useResource } from "../lib/use-resource";
import { fetchMemberChats } from "./chats-api";
import { JoinButton } from "./join-button";
import "./chats.css";

/**
 * The chat a join request opened the app for (Memberships' `?join=<chatId>`, decision 120): the
 * page and the plan picker over it say which chat the plan is for, until the app is closed.
 */
export const joinChatAtom = atom<string | null>(null);

/** The chat id a join path carries, else null. */
export function joinChatOf(search: string): string | null {
  const chatId = new URLSearchParams(search).get("join");
  return chatId && CHAT_ID.test(chatId) ? chatId : null;
}

/** How often the chat is read again while its approval is on its way (the bot answers Telegram). */
const APPROVAL_POLL_MS = 2000;

type BannerState = "pick" | "approved" | "approving" | "join";

function bannerState(chat: MemberChat): BannerState {
  if (!chat.granted) return "pick";
  if (chat.request === "approved" || chat.joined) return "approved";
  if (chat.request === "pending") return "approving";
  return "join";
}

const icons = { pick: KeyRound, approved: CircleCheck, approving: Clock, join: KeyRound } as const;

function Banner({ chatId, planVersion }: { chatId: string; planVersion: number }) {
  const { t } = useT();
  const [tick, setTick] = useState(0);
  const chats = useResource("member-chats", fetchMemberChats, { version: planVersion + tick });
  const chat = chats.status === "ready" ? chats.data.find((one) => one.chatId === chatId) : undefined;
  const state = chat ? bannerState(chat) : null;
  // The plan opens the chat and the request waits: the bot approves it in a moment.
  useEffect(() => {
    if (state !== "approving") return;
    const timer = window.setInterval(() => setTick((n) => n + 1), APPROVAL_POLL_MS);
    return () => window.clearInterval(timer);
  }, [state]);
  if (!chat || !state) return null;
  const Icon = icons[state];
  const title = chat.title;
  const texts: Record<BannerState, string> = {
    pick: t("chats.pickPlanNamed", { title }),
    approved: t("chats.approved", { title }),
    approving: t("chats.approving", { title }),
    join: t("chats.planOpens", { title }),
  };
  return (
    <div
      className={`join-banner join-banner-${state}`}
      role="status"
      data-testid="join-banner"
      data-state={state}
    >
      <Icon size={20} aria-hidden="true" className="join-banner-icon" />
      <p className="join-banner-text">{texts[state]}</p>
      {state === "join" ? <JoinButton chat={chat} onRefused={() => setTick((n) => n + 1)} /> : null}
    </div>
  );
}

/**
 * "Pick a plan to join <title>" while the member's plan does not open the chat their join request
 * is for; once it does, "Your request to join <title> is approved" (read again as the plan changes,
 * and every few seconds while the approval is on its way). Nothing without such a chat.
 */
export function JoinChatBanner({ planVersion }: { planVersion: number }) {
  const chatId = useAtomValue(joinChatAtom);
  return chatId ? <Banner chatId={chatId} planVersion={planVersion} /> : null;
}
