import { Badge, Cell, Section } from "@telegram-apps/telegram-ui";
import { ImageIcon, Inbox } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { ConversationDetail, ConversationSummary } from "#api/contracts/support";
import { PageHeader } from "../../components/page-header";
import { ResourceList, ResourceView } from "../../components/state-view";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage } from "../../lib/api";
import { formatShortDate } from "../../lib/dates";
import { formatCredits } from "../../lib/format";
import { useResource } from "../../lib/use-resource";
import { orderStatusLabels } from "../../orders/order-view";
import { useStaffBack } from "../../state/roles";
import { SupportComposer, SupportThread } from "../../support/support-thread";
import "./inbox-page.css";

const fetchConversations = async (signal: AbortSignal) =>
  (await call(api.admin.conversations.$get({ query: {} }, { init: { signal } }))).conversations;

/** Who wrote in: their name, else their email or @username. */
function memberName(member: ConversationSummary["member"], fallback: string): string {
  return (
    member.name ||
    member.email ||
    (member.telegramUsername ? `@${member.telegramUsername}` : null) ||
    fallback
  );
}

/** One conversation in the list: who, the newest message, when, and its unread count. */
function ConversationRow({
  conversation,
  onOpen,
}: {
  conversation: ConversationSummary;
  onOpen: () => void;
}) {
  const { t } = useT();
  const preview = conversation.preview;
  const line = preview
    ? `${preview.from === "staff" ? `${t("admin.inbox.youPrefix")} ` : ""}${preview.text || t("help.image")}`
    : "";
  return (
    <Cell
      Component="button"
      type="button"
      className="inbox-row"
      data-testid="inbox-conversation"
      onClick={onOpen}
      subtitle={
        <span className="inbox-preview">
          {preview?.hasImage ? <ImageIcon size={14} aria-hidden="true" /> : null}
          {line}
        </span>
      }
      after={
        <span className="inbox-row-end">
          <span className="inbox-row-time">{formatShortDate(conversation.lastMessageAt)}</span>
          {conversation.unread > 0 ? (
            <Badge
              type="number"
              mode="primary"
              aria-label={t("admin.inbox.unread", { count: conversation.unread })}
            >
              {conversation.unread}
            </Badge>
          ) : null}
        </span>
      }
    >
      <span className={conversation.unread > 0 ? "inbox-name inbox-name-unread" : "inbox-name"}>
        {memberName(conversation.member, t("admin.inbox.noName"))}
      </span>
    </Cell>
  );
}

/** Beside the conversation: who the member is, their plan and their recent orders. */
function MemberPanel({ detail }: { detail: ConversationDetail }) {
  const { t } = useT();
  const { member } = detail.conversation;
  const contact = [member.email, member.telegramUsername ? `@${member.telegramUsername}` : null]
    .filter(Boolean)
    .join(" · ");
  return (
    <aside className="inbox-member" aria-label={t("admin.inbox.member")} data-testid="inbox-member">
      <Section>
        <Cell subtitle={contact || undefined} multiline>
          {memberName(member, t("admin.inbox.noName"))}
        </Cell>
        <Cell after={detail.plan?.tierName ?? t("admin.inbox.noPlan")}>{t("admin.inbox.plan")}</Cell>
      </Section>
      <Section header={t("admin.inbox.recentOrders")}>
        {detail.recentOrders.length === 0 ? (
          <Cell>{t("admin.inbox.noOrders")}</Cell>
        ) : (
          detail.recentOrders.map((order) => (
            <Cell
              key={order.id}
              subtitle={formatShortDate(order.createdAt)}
              after={
                <span className="inbox-order-end">
                  {formatCredits(order.total)}
                  <Badge type="number" mode="gray">
                    {orderStatusLabels[order.status]}
                  </Badge>
                </span>
              }
            >
              #{order.number}
            </Cell>
          ))
        )}
      </Section>
    </aside>
  );
}

/** An open conversation: the member beside it, the messages, a reply bar; opening it marks it read. */
function OpenConversation({ id, onSent }: { id: string; onSent: () => void }) {
  const { t } = useT();
  const [version, setVersion] = useState(0);
  const detail = useResource(
    `inbox-${id}`,
    async (signal) => call(api.admin.conversations[":id"].$get({ param: { id } }, { init: { signal } })),
    { refetchOn: "support_conversations", version },
  );
  const unread = detail.status === "ready" ? detail.data.conversation.unread : 0;
  useEffect(() => {
    if (unread > 0) void call(api.admin.conversations[":id"].read.$post({ param: { id } })).catch(() => {});
  }, [id, unread]);
  const sent = useCallback(() => {
    setVersion((v) => v + 1);
    onSent();
  }, [onSent]);
  return (
    <ResourceView
      resource={detail}
      loadingLabel={t("admin.inbox.conversationLoading")}
      errorMessage={errorMessage(
        detail.status === "error" ? detail.error : null,
        t("admin.inbox.conversationFailed"),
      )}
    >
      {(data) => (
        <div className="inbox-open">
          <MemberPanel detail={data} />
          <section className="inbox-thread" aria-label={t("admin.inbox.conversation")}>
            <SupportThread
              messages={data.messages}
              own="staff"
              otherName={memberName(data.conversation.member, t("admin.inbox.noName"))}
            />
          </section>
          <SupportComposer
            url={`/api/admin/conversations/${id}/messages`}
            placeholder={t("admin.inbox.replyPlaceholder")}
            onSent={sent}
          />
        </div>
      )}
    </ResourceView>
  );
}

/**
 * /admin/inbox (admins and moderators): members' conversations with the shop, newest first, with
 * unread counts; one opens (?c=<id>) beside the member's plan and recent orders, to read and answer.
 * Both the list and the open conversation are live.
 */
export default function InboxPage() {
  const { t } = useT();
  const back = useStaffBack();
  const [params, setParams] = useSearchParams();
  const openId = params.get("c");
  const [version, setVersion] = useState(0);
  const conversations = useResource("inbox", fetchConversations, {
    refetchOn: "support_conversations",
    version,
  });
  const refetch = useCallback(() => setVersion((v) => v + 1), []);
  return (
    <div className="page settings-page inbox-page">
      <PageHeader title={t("admin.inbox.title")} back={openId ? "/admin/inbox" : back} />
      {openId ? (
        <OpenConversation key={openId} id={openId} onSent={refetch} />
      ) : (
        <ResourceList
          resource={conversations}
          loadingLabel={t("admin.inbox.loading")}
          errorMessage={errorMessage(
            conversations.status === "error" ? conversations.error : null,
            t("admin.inbox.failed"),
          )}
          empty={{
            title: t("admin.inbox.empty"),
            description: t("admin.inbox.emptyText"),
            icon: <Inbox size={36} />,
          }}
        >
          {(data) => (
            <Section aria-label={t("admin.inbox.conversations")}>
              {data.map((conversation) => (
                <ConversationRow
                  key={conversation.id}
                  conversation={conversation}
                  onOpen={() => setParams({ c: conversation.id })}
                />
              ))}
            </Section>
          )}
        </ResourceList>
      )}
    </div>
  );
}
