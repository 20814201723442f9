import { Badge, Button, Checkbox, Radio } from "@telegram-apps/telegram-ui";
import { Check, Megaphone, TriangleAlert, UsersRound, X } from "lucide-react";
import { useId, useState } from "react";
import type { AdminTier } from "#api/contracts/admin-tiers";
import {
  type AdminChat,
  type AdminChats,
  type BotRightName,
  type ChatKind,
  putChatAccessSchema,
} from "#api/contracts/gate";
import { ConfirmSheet } from "../../components/confirm-sheet";
import { PageHeader } from "../../components/page-header";
import { ResourceView } from "../../components/state-view";
import type { AdminTextKey } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage, LoadError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useContractForm } from "../../lib/use-contract-form";
import { useResource } from "../../lib/use-resource";
import { useStaffBack } from "../../state/roles";
import { AdminList, AdminRow } from "../admin-row";
import { botSentence } from "../bot-state";
import {
  type AccessValues,
  accessChanged,
  accessKey,
  accessRules,
  accessValuesOf,
  listedRights,
} from "./chat-access-rules";
import "./chats-admin-page.css";

interface ChatsData extends AdminChats {
  tiers: AdminTier[];
}

async function fetchChats(signal: AbortSignal): Promise<ChatsData> {
  const [chats, tiers] = await Promise.all([
    call(api.admin.chats.$get(undefined, { init: { signal } })),
    call(api.admin.tiers.$get(undefined, { init: { signal } })),
  ]);
  return { ...chats, tiers: tiers.tiers };
}

const kindTexts: Record<ChatKind, AdminTextKey> = {
  channel: "admin.chats.kindChannel",
  group: "admin.chats.kindGroup",
  supergroup: "admin.chats.kindSupergroup",
};

const rightTexts: Record<BotRightName, AdminTextKey> = {
  inviteUsers: "admin.chats.rightInvite",
  banUsers: "admin.chats.rightBan",
  manageTags: "admin.chats.rightTags",
};

/** What a missing right costs, in plain words. */
const missingTexts: Record<BotRightName, AdminTextKey> = {
  inviteUsers: "admin.chats.missingInvite",
  banUsers: "admin.chats.missingBan",
  manageTags: "admin.chats.missingTags",
};

const countTexts = [
  ["known", "admin.chats.known"],
  ["withAccess", "admin.chats.withAccess"],
  ["toRemove", "admin.chats.toRemove"],
  ["pendingRequests", "admin.chats.pendingRequests"],
] as const;

/** Who may join: each choice with what it means. */
const accessChoices = [
  ["open", "admin.chats.everyone", "admin.chats.everyoneNote"],
  ["tiers", "admin.chats.tiers", "admin.chats.tiersNote"],
] as const;

/** The rights the gate needs, each ticked or crossed, and what the missing ones cost. */
function BotRights({ chat }: { chat: AdminChat }) {
  const { t } = useT();
  const titleId = useId();
  return (
    <section className="chat-rights" aria-labelledby={titleId}>
      <h3 id={titleId} className="chat-section-title">
        {t("admin.chats.rights")}
      </h3>
      <ul className="chat-rights-list">
        {listedRights(chat.kind).map((right) => {
          const has = chat.rights[right];
          return (
            <li
              key={right}
              className={has ? "chat-right" : "chat-right chat-right-missing"}
              data-right={right}
            >
              {has ? <Check size={16} aria-hidden="true" /> : <X size={16} aria-hidden="true" />}
              <span>{t(rightTexts[right])}</span>
              <span className="visually-hidden">
                {has ? t("admin.chats.rightGiven") : t("admin.chats.rightMissing")}
              </span>
            </li>
          );
        })}
      </ul>
      {!chat.botIsAdmin || chat.missing.length > 0 ? (
        <div className="chat-warning" data-testid="chat-missing">
          <TriangleAlert size={18} aria-hidden="true" className="chat-warning-icon" />
          <ul>
            {chat.botIsAdmin ? null : <li>{t("admin.chats.notAdmin")}</li>}
            {chat.missing.map((right) => (
              <li key={right}>{t(missingTexts[right])}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** Everyone, or the tiers ticked (at least one), saved with PUT /api/admin/chats/:chatId. */
function AccessForm({ chat, tiers, onSaved }: { chat: AdminChat; tiers: AdminTier[]; onSaved: () => void }) {
  const { t } = useT();
  const titleId = useId();
  const errorId = useId();
  const optionId = useId();
  const form = useContractForm(
    putChatAccessSchema,
    (): AccessValues => accessValuesOf(chat.access),
    accessRules,
  );
  const { values, set, errors, setErrors, busy } = form;
  const failed = t("admin.chats.saveFailed");
  const submit = form.submit(
    async (body) => {
      try {
        await call(api.admin.chats[":chatId"].$put({ param: { chatId: chat.chatId }, json: body }));
        toast.success(t("admin.chats.saved", { title: chat.title }));
        onSaved();
      } catch (refused) {
        // A tier deleted meanwhile: said under the tiers, which are read again.
        if (refused instanceof LoadError && refused.code === "bad_request") {
          setErrors({ access: errorMessage(refused) });
          onSaved();
        } else {
          toast.error(failed, { description: errorMessage(refused) });
        }
      }
    },
    (refusal) => toast.error(failed, { description: refusal.first ?? undefined }),
  );
  const tick = (tierId: string, on: boolean) =>
    set("tierIds", on ? [...values.tierIds, tierId] : values.tierIds.filter((id) => id !== tierId));
  // Inactive tiers are offered only while the chat is gated on them.
  const offered = tiers.filter((tier) => tier.isActive || values.tierIds.includes(tier.id));
  const error = errors.access;
  return (
    <form className="chat-access" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <fieldset className="chat-access-choice" aria-describedby={error ? errorId : undefined}>
        <legend id={titleId} className="chat-section-title">
          {t("admin.chats.access")}
        </legend>
        {accessChoices.map(([kind, label, note]) => (
          <div key={kind} className="chat-option">
            <Radio
              id={`${optionId}-${kind}`}
              name={`access-${chat.chatId}`}
              value={kind}
              checked={values.kind === kind}
              onChange={() => set("kind", kind)}
              disabled={busy}
            />
            <label htmlFor={`${optionId}-${kind}`} className="chat-option-text">
              <span>{t(label)}</span>
              <span className="field-note">{t(note)}</span>
            </label>
          </div>
        ))}
        {values.kind === "tiers" ? (
          <fieldset className="chat-tiers">
            <legend className="visually-hidden">{t("admin.chats.tiers")}</legend>
            {offered.length === 0 ? <p className="field-note">{t("admin.chats.noTiers")}</p> : null}
            {offered.map((tier) => (
              <div key={tier.id} className="chat-option">
                <Checkbox
                  id={`${optionId}-${tier.id}`}
                  checked={values.tierIds.includes(tier.id)}
                  onChange={(event) => tick(tier.id, event.target.checked)}
                  disabled={busy}
                />
                <label htmlFor={`${optionId}-${tier.id}`} className="chat-option-text">
                  <span>{tier.displayName}</span>
                  {tier.isActive ? null : <span className="field-note">{t("admin.common.inactive")}</span>}
                </label>
              </div>
            ))}
          </fieldset>
        ) : null}
        {error ? (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
      <Button
        type="submit"
        size="m"
        stretched
        loading={busy}
        disabled={busy || !accessChanged(values, chat.access)}
        aria-label={t("admin.chats.saveNamed", { title: chat.title })}
      >
        {t("admin.chats.save")}
      </Button>
    </form>
  );
}

/** A message in the chat with a button to link one's account, for people who joined before the gate. */
function AnnounceConfirmation({ chat, onClose }: { chat: AdminChat; onClose: () => void }) {
  const { t } = useT();
  const announce = async () => {
    try {
      await call(api.admin.chats[":chatId"].announcement.$post({ param: { chatId: chat.chatId } }));
      toast.success(t("admin.chats.announced", { title: chat.title }));
      onClose();
    } catch (failed) {
      toast.error(t("admin.chats.announceFailed"), { description: errorMessage(failed) });
    }
  };
  return (
    <ConfirmSheet
      title={t("admin.chats.announceTitle", { title: chat.title })}
      action={t("admin.chats.announceAction")}
      tone="plain"
      onConfirm={announce}
      onClose={onClose}
    >
      {t("admin.chats.announceText", { title: chat.title })}
    </ConfirmSheet>
  );
}

function ChatRow({
  chat,
  tiers,
  botRunning,
  onChanged,
}: {
  chat: AdminChat;
  tiers: AdminTier[];
  botRunning: boolean;
  onChanged: () => void;
}) {
  const { t } = useT();
  const [announcing, setAnnouncing] = useState(false);
  return (
    <AdminRow
      testId="admin-chat"
      title={chat.title}
      subtitle={[t(kindTexts[chat.kind]), ...(chat.username ? [`@${chat.username}`] : [])].join(" · ")}
      after={
        <div className="admin-row-badges">
          {chat.isMainChannel ? (
            <Badge type="number" mode="primary" className="admin-row-badge" data-testid="chat-main">
              {t("admin.chats.mainChannel")}
            </Badge>
          ) : null}
          <Badge
            type="number"
            mode={chat.access.kind === "open" ? "gray" : "secondary"}
            className="admin-row-badge"
          >
            {chat.access.kind === "open" ? t("admin.chats.open") : t("admin.chats.gated")}
          </Badge>
        </div>
      }
    >
      <dl className="admin-row-facts chat-counts" data-testid="chat-counts">
        {countTexts.map(([key, label]) => (
          <div key={key}>
            <dt>{t(label)}</dt>
            <dd data-count={key}>{chat.counts[key]}</dd>
          </div>
        ))}
      </dl>
      <BotRights chat={chat} />
      <AccessForm key={accessKey(chat.access)} chat={chat} tiers={tiers} onSaved={onChanged} />
      <Button
        mode="bezeled"
        size="m"
        stretched
        before={<Megaphone size={18} aria-hidden="true" className="dir-flip" />}
        disabled={!botRunning}
        aria-label={t("admin.chats.announceNamed", { title: chat.title })}
        onClick={() => setAnnouncing(true)}
      >
        {t("admin.chats.announce")}
      </Button>
      {announcing ? <AnnounceConfirmation chat={chat} onClose={() => setAnnouncing(false)} /> : null}
    </AdminRow>
  );
}

/** How to bring a chat in: the bot made an administrator there, with the rights the gate needs. */
function EmptyChats() {
  const { t } = useT();
  return (
    <section className="card chats-empty" data-testid="chats-empty">
      <span className="state-icon" aria-hidden="true">
        <UsersRound size={36} />
      </span>
      <h2 className="chats-empty-title">{t("admin.chats.empty")}</h2>
      <p className="chats-empty-text">{t("admin.chats.emptyText")}</p>
      <ol className="chats-empty-steps">
        <li>{t("admin.chats.emptyStep1")}</li>
        <li>{t("admin.chats.emptyStep2")}</li>
        <li>{t("admin.chats.emptyStep3")}</li>
      </ol>
    </section>
  );
}

/**
 * /admin/chats (admins): the channel and every chat the bot administers, with the bot's rights
 * there, who the gate knows, and who may join: everyone (a chat starts open) or the tiers ticked
 * (decision 120).
 */
export default function ChatsAdminPage() {
  const { t } = useT();
  const back = useStaffBack();
  const [version, setVersion] = useState(0);
  const chats = useResource("admin-chats", fetchChats, { version });
  const reload = () => setVersion((v) => v + 1);
  return (
    <div className="page settings-page chats-admin-page">
      <PageHeader title={t("admin.chats.title")} back={back}>
        <p className="page-subtitle">{t("admin.chats.subtitle")}</p>
      </PageHeader>
      <ResourceView
        resource={chats}
        loadingLabel={t("admin.chats.loading")}
        errorMessage={errorMessage(chats.status === "error" ? chats.error : null, t("admin.chats.failed"))}
      >
        {(data) => (
          <>
            {data.botRunning ? null : (
              <p className="chat-warning" role="status" data-testid="bot-not-running">
                <TriangleAlert size={18} aria-hidden="true" className="chat-warning-icon" />
                <span>
                  {botSentence(t, data.bot)} {t("admin.chats.botNotRunning")}
                </span>
              </p>
            )}
            {data.chats.length === 0 ? (
              <EmptyChats />
            ) : (
              <AdminList label={t("admin.chats.title")}>
                {data.chats.map((chat) => (
                  <ChatRow
                    key={chat.chatId}
                    chat={chat}
                    tiers={data.tiers}
                    botRunning={data.botRunning}
                    onChanged={reload}
                  />
                ))}
              </AdminList>
            )}
          </>
        )}
      </ResourceView>
    </div>
  );
}
