import { MessageCircleQuestion } from "lucide-react";
import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "../components/page-header";
import { ResourceView } from "../components/state-view";
import { useT } from "../i18n/use-t";
import { api, call, errorMessage } from "../lib/api";
import { useResource } from "../lib/use-resource";
import { SupportComposer, SupportThread } from "./support-thread";

const fetchConversation = async (signal: AbortSignal) =>
  call(api.me.conversation.$get(undefined, { init: { signal } }));

/**
 * /settings/help: the member's conversation with the shop (their messages, the shop's replies,
 * live) and a bar to write with: text and one image. Opened from an order ("Ask about this order",
 * ?order=<id>) the first message names that order.
 */
export default function HelpPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const orderId = params.get("order");
  const [version, setVersion] = useState(0);
  const conversation = useResource("support-conversation", fetchConversation, {
    refetchOn: "support_conversations",
    version,
  });
  const order = useResource(
    `support-order-${orderId ?? ""}`,
    async (signal) =>
      (await call(api.me.orders[":id"].$get({ param: { id: orderId ?? "" } }, { init: { signal } }))).order,
    { enabled: orderId !== null },
  );
  const dropOrder = useCallback(() => setParams({}, { replace: true }), [setParams]);
  const sent = useCallback(() => {
    setVersion((v) => v + 1);
    dropOrder();
  }, [dropOrder]);
  return (
    <div className="page settings-page help-page">
      <PageHeader title={t("help.title")} back="/settings" />
      <p className="support-intro">{t("help.intro")}</p>
      <ResourceView
        resource={conversation}
        loadingLabel={t("help.loading")}
        errorMessage={errorMessage(
          conversation.status === "error" ? conversation.error : null,
          t("help.failed"),
        )}
        isEmpty={(data) => data.messages.length === 0}
        empty={{
          title: t("help.empty"),
          description: t("help.emptyText"),
          icon: <MessageCircleQuestion size={36} />,
        }}
      >
        {(data) => <SupportThread messages={data.messages} own="member" otherName={t("help.shop")} />}
      </ResourceView>
      <SupportComposer
        url="/api/me/conversation/messages"
        placeholder={t("help.placeholder")}
        order={
          orderId && order.status === "ready" ? { id: order.data.id, number: order.data.number } : undefined
        }
        onRemoveOrder={dropOrder}
        onSent={sent}
      />
    </div>
  );
}
