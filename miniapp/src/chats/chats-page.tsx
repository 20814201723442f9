import { Badge, Button } from "@telegram-apps/telegram-ui";
import { Megaphone, Users, UsersRound } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { joinChatPath } from "#api/contracts/app-links";
import type { ChatKind, MemberChat } from "#api/contracts/gate";
import { PageHeader } from "../components/page-header";
import { ResourceList } from "../components/state-view";
import type { AppTextKey } from "../i18n/i18n";
import { useT } from "../i18n/use-t";
import { errorMessage } from "../lib/api";
import { useResource } from "../lib/use-resource";
import { fetchMemberChats } from "./chats-api";
import { JoinButton } from "./join-button";
import "./chats.css";

const kindTexts: Record<ChatKind, AppTextKey> = {
  channel: "chats.kindChannel",
  group: "chats.kindGroup",
  supergroup: "chats.kindGroup",
};

/** Joined; Join where the plan opens it; else Pick a plan to join (Memberships, with its banner). */
function ChatAction({ chat, onRefused }: { chat: MemberChat; onRefused: () => void }) {
  const { t } = useT();
  const navigate = useNavigate();
  if (chat.granted && chat.joined) {
    return (
      <Badge type="number" mode="gray" className="chat-joined" data-testid="chat-joined">
        {t("chats.joined")}
      </Badge>
    );
  }
  if (chat.granted) return <JoinButton chat={chat} onRefused={onRefused} />;
  return (
    <Button
      size="s"
      mode="bezeled"
      onClick={() => navigate(joinChatPath(chat.chatId))}
      aria-label={t("chats.pickPlanNamed", { title: chat.title })}
      data-testid="chat-pick-plan"
    >
      {t("chats.pickPlan")}
    </Button>
  );
}

/** What the line under a chat's name says: its kind, and a request on its way or declined. */
function chatLine(chat: MemberChat, t: ReturnType<typeof useT>["t"]): string {
  const kind = t(kindTexts[chat.kind]);
  if (chat.joined) return kind;
  if (chat.request === "pending") return `${kind} · ${t("chats.requestPending")}`;
  if (chat.request === "declined") return `${kind} · ${t("chats.requestDeclined")}`;
  return kind;
}

/**
 * /settings/chats: the channel and groups the member's plan opens, each with Join (a personal invite
 * link) or Joined, and the chats they asked to join that their plan does not open, with Pick a plan
 * to join (decision 120).
 */
export default function ChatsPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const [version, setVersion] = useState(0);
  const chats = useResource("member-chats", fetchMemberChats, { version });
  const reload = () => setVersion((v) => v + 1);
  return (
    <div className="page settings-page chats-page">
      <PageHeader title={t("chats.title")} back="/settings">
        <p className="page-subtitle">{t("chats.subtitle")}</p>
      </PageHeader>
      <ResourceList
        resource={chats}
        loadingLabel={t("chats.loading")}
        errorMessage={errorMessage(chats.status === "error" ? chats.error : null, t("chats.failed"))}
        empty={{
          title: t("chats.empty"),
          description: t("chats.emptyText"),
          icon: <UsersRound size={36} />,
          action: (
            <Button size="m" onClick={() => navigate("/settings/memberships")}>
              {t("chats.seePlans")}
            </Button>
          ),
        }}
      >
        {(list) => (
          <ul className="chat-list" aria-label={t("chats.title")}>
            {list.map((chat) => (
              <li key={chat.chatId} className="chat-row" data-testid="member-chat">
                <span className="chat-icon" aria-hidden="true">
                  {chat.kind === "channel" ? (
                    <Megaphone size={20} className="dir-flip" />
                  ) : (
                    <Users size={20} />
                  )}
                </span>
                <span className="chat-text">
                  <span className="chat-title">{chat.title}</span>
                  <span className="chat-line">{chatLine(chat, t)}</span>
                </span>
                <span className="chat-action">
                  <ChatAction chat={chat} onRefused={reload} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </ResourceList>
    </div>
  );
}
