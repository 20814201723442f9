import { Badge, Button, Section, Select } from "@telegram-apps/telegram-ui";
import { ImagePlus, Megaphone, TriangleAlert, X } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { type BotState, broadcastsCanGo } from "#api/contracts/bot-status";
import {
  type Audience,
  BROADCAST_CAPTION_MAX,
  BROADCAST_TEXT_MAX,
  type Broadcast,
  broadcastImageSchema,
  createBroadcastSchema,
  LAPSED_DAYS_DEFAULT,
  LAPSED_DAYS_MAX,
  type SegmentInput,
  type SegmentKind,
  segmentKinds,
} from "#api/contracts/broadcasts";
import type { Tier } from "#api/contracts/plans";
import { Field } from "../../components/field";
import { FieldFrame } from "../../components/field-frame";
import { SwitchField, TextAreaField } from "../../components/form-controls";
import { PageHeader } from "../../components/page-header";
import { ResourceView } from "../../components/state-view";
import type { AdminTextKey } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage, LoadError } from "../../lib/api";
import { sendForm } from "../../lib/send-form";
import { toast } from "../../lib/toast";
import { useContractForm } from "../../lib/use-contract-form";
import { useObjectUrl } from "../../lib/use-object-url";
import { useResource } from "../../lib/use-resource";
import { useStaffBack } from "../../state/roles";
import { botSentence } from "../bot-state";
import { inAnHour, latestSendAt } from "./schedule-rules";
import "./broadcasts-page.css";

/** While a broadcast sends (or waits for its time), the list asks again this often. */
const POLL_MS = 2000;

const segmentLabels: Record<SegmentKind, AdminTextKey> = {
  all: "admin.broadcasts.segment.all",
  tier: "admin.broadcasts.segment.tier",
  lapsed: "admin.broadcasts.segment.lapsed",
  no_orders: "admin.broadcasts.segment.noOrders",
  cart: "admin.broadcasts.segment.cart",
};

const statusLabels: Record<Broadcast["status"], AdminTextKey> = {
  scheduled: "admin.broadcasts.status.scheduled",
  sending: "admin.broadcasts.status.sending",
  done: "admin.broadcasts.status.done",
  cancelled: "admin.broadcasts.status.cancelled",
};

const fetchBroadcasts = (signal: AbortSignal) =>
  call(api.admin.broadcasts.$get({ query: { pageSize: "50" } }, { init: { signal } }));
const fetchTiers = async (signal: AbortSignal) =>
  (await call(api.tiers.$get(undefined, { init: { signal } }))).tiers;

/** "about 12 minutes": seconds under a minute, minutes under two hours, then hours. */
function useDuration() {
  const { t } = useT();
  return (seconds: number) => {
    if (seconds < 60) return t("admin.broadcasts.seconds", { count: Math.max(1, seconds) });
    const minutes = Math.ceil(seconds / 60);
    if (minutes < 120) return t("admin.broadcasts.minutes", { count: minutes });
    return t("admin.broadcasts.hours", { count: Math.round(minutes / 60) });
  };
}

/** The segment as the form holds it, as the API takes it; undefined while a tier is still to choose. */
function segmentOf(kind: SegmentKind, tierId: string, days: string): SegmentInput | undefined {
  if (kind === "tier") return tierId ? { kind, tierId } : undefined;
  if (kind === "lapsed") {
    const n = Number(days);
    return Number.isInteger(n) && n >= 1 && n <= LAPSED_DAYS_MAX ? { kind, days: n } : undefined;
  }
  return { kind };
}

/** How many the chosen segment reaches now, how many it cannot, and how long it takes. */
function AudienceLine({ segment, paid }: { segment: SegmentInput | undefined; paid: boolean }) {
  const { t } = useT();
  const duration = useDuration();
  const [audience, setAudience] = useState<Audience | "loading" | "error">("loading");
  const key = JSON.stringify([segment, paid]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the segment and the switch.
  useEffect(() => {
    if (!segment) return;
    const controller = new AbortController();
    setAudience("loading");
    const timer = setTimeout(() => {
      call(
        api.admin.broadcasts.audience.$post(
          { json: { segment, paid } },
          { init: { signal: controller.signal } },
        ),
      )
        .then(setAudience)
        .catch(() => {
          if (!controller.signal.aborted) setAudience("error");
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  if (!segment) return null;
  return (
    <div className="broadcast-audience" data-testid="broadcast-audience" aria-live="polite">
      {audience === "loading" ? (
        t("admin.broadcasts.counting")
      ) : audience === "error" ? (
        t("admin.broadcasts.audienceFailed")
      ) : (
        <>
          <strong>{t("admin.broadcasts.reach", { count: audience.reachable })}</strong>
          {audience.unreachable > 0 ? (
            <span>{t("admin.broadcasts.unreachable", { count: audience.unreachable })}</span>
          ) : null}
          <span>
            {audience.reachable > 0
              ? t("admin.broadcasts.estimate", {
                  duration: duration(audience.estimatedSeconds),
                  rate: audience.rate,
                })
              : t("admin.broadcasts.rate", { rate: audience.rate })}
          </span>
        </>
      )}
    </div>
  );
}

/** The image beside the message: chosen, uploaded at once, shown; one only. */
function ImagePicker({
  imageId,
  onChange,
  disabled,
}: {
  imageId: string | null;
  onChange: (imageId: string | null) => void;
  disabled: boolean;
}) {
  const { t } = useT();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const preview = useObjectUrl(file);
  const picker = useRef<HTMLInputElement>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    const form = new FormData();
    form.append("file", chosen);
    setUploading(true);
    sendForm(broadcastImageSchema, "/api/admin/broadcasts/images", form, {
      onProgress: () => {},
      onUploaded: () => {},
    })
      .done.then((stored) => {
        setFile(chosen);
        onChange(stored.imageId);
      })
      .catch((failed: unknown) =>
        toast.error(t("admin.broadcasts.imageFailed"), { description: errorMessage(failed) }),
      )
      .finally(() => setUploading(false));
  };
  return (
    <div className="broadcast-image">
      <input
        ref={picker}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        data-testid="broadcast-file"
        onChange={choose}
      />
      {imageId && preview ? (
        <div className="broadcast-image-preview" data-testid="broadcast-image">
          <img src={preview} alt={t("admin.broadcasts.image")} />
          <Button
            mode="gray"
            size="s"
            before={<X size={16} />}
            onClick={() => {
              setFile(null);
              onChange(null);
            }}
            disabled={disabled}
          >
            {t("admin.broadcasts.removeImage")}
          </Button>
        </div>
      ) : (
        <Button
          mode="bezeled"
          size="s"
          before={<ImagePlus size={16} />}
          loading={uploading}
          onClick={() => picker.current?.click()}
          disabled={disabled || uploading}
        >
          {t("admin.broadcasts.addImage")}
        </Button>
      )}
    </div>
  );
}

interface ComposerValues {
  text: string;
  imageId: string | null;
  kind: SegmentKind;
  tierId: string;
  days: string;
  paid: boolean;
  later: boolean;
  sendAt: string;
}

const composerStart = (): ComposerValues => ({
  text: "",
  imageId: null,
  kind: "all",
  tierId: "",
  days: String(LAPSED_DAYS_DEFAULT),
  paid: false,
  later: false,
  sendAt: inAnHour(),
});

/** POST /api/admin/broadcasts's body from the composer's values: what the contract checks. */
const broadcastBody = (values: ComposerValues) => ({
  text: values.text,
  segment: segmentOf(values.kind, values.tierId, values.days),
  paid: values.paid,
  ...(values.imageId ? { imageId: values.imageId } : {}),
  ...(values.later && values.sendAt ? { sendAt: new Date(values.sendAt).toISOString() } : {}),
});

/**
 * Write, choose who, see the reach, send now or at a time, paid or not; while nothing would send it
 * (the bot not set up, or set up and not running: decision 121), Send is off and says why.
 */
function Composer({ onSent, bot }: { onSent: () => void; bot: BotState | undefined }) {
  const { t } = useT();
  const reasonId = useId();
  const blocked = bot !== undefined && !broadcastsCanGo(bot);
  const tiers = useResource("broadcast-tiers", fetchTiers);
  const form = useContractForm(createBroadcastSchema, composerStart, {
    input: broadcastBody,
    clearOnEdit: true,
  });
  const { text, imageId, kind, tierId, days, paid, later, sendAt } = form.values;
  const sending = form.busy;
  const segmentId = useId();
  const tierFieldId = useId();
  const max = imageId ? BROADCAST_CAPTION_MAX : BROADCAST_TEXT_MAX;
  const segment = segmentOf(kind, tierId, days);
  const tooLong = text.trim().length > max;
  const ready = text.trim().length > 0 && !tooLong && segment !== undefined && (!later || sendAt !== "");

  const send = form.submit(async (body) => {
    try {
      await call(api.admin.broadcasts.$post({ json: body }));
      toast.success(later ? t("admin.broadcasts.scheduledToast") : t("admin.broadcasts.sentToast"));
      form.setValues((values) => ({ ...values, text: "", imageId: null }));
      onSent();
    } catch (failed) {
      toast.error(t("admin.broadcasts.sendFailed"), { description: errorMessage(failed) });
      // The server's refusal of the time (more than a year ahead), said under the picker until it changes.
      if (failed instanceof LoadError && failed.reason === "broadcast_too_far_ahead") {
        form.setErrors({ sendAt: failed.message });
      }
    }
  });

  return (
    <Section header={t("admin.broadcasts.compose")} className="broadcast-composer">
      <div className="broadcast-form">
        <TextAreaField
          label={t("admin.broadcasts.message")}
          note={t("admin.broadcasts.messageNote", { count: text.trim().length, max })}
          value={text}
          onChange={(value) => form.set("text", value)}
          rows={5}
          disabled={sending}
        />
        {tooLong ? (
          <p className="broadcast-error" role="alert">
            {t("admin.broadcasts.tooLong", { max })}
          </p>
        ) : null}
        <ImagePicker imageId={imageId} onChange={(id) => form.set("imageId", id)} disabled={sending} />
        <FieldFrame controlId={segmentId} label={t("admin.broadcasts.who")} messageId={`${segmentId}-note`}>
          <Select
            id={segmentId}
            value={kind}
            onChange={(event) => form.set("kind", event.target.value as SegmentKind)}
            disabled={sending}
          >
            {segmentKinds.map((option) => (
              <option key={option} value={option}>
                {t(segmentLabels[option])}
              </option>
            ))}
          </Select>
        </FieldFrame>
        {kind === "tier" ? (
          <FieldFrame
            controlId={tierFieldId}
            label={t("admin.broadcasts.tier")}
            messageId={`${tierFieldId}-note`}
          >
            <Select
              id={tierFieldId}
              value={tierId}
              onChange={(event) => form.set("tierId", event.target.value)}
              disabled={sending}
            >
              <option value="">{t("admin.broadcasts.chooseTier")}</option>
              {(tiers.status === "ready" ? tiers.data : []).map((tier: Tier) => (
                <option key={tier.id} value={tier.id}>
                  {tier.displayName}
                </option>
              ))}
            </Select>
          </FieldFrame>
        ) : null}
        {kind === "lapsed" ? (
          <Field
            label={t("admin.broadcasts.days")}
            type="number"
            inputMode="numeric"
            min={1}
            max={LAPSED_DAYS_MAX}
            value={days}
            onChange={(event) => form.set("days", event.target.value)}
            disabled={sending}
          />
        ) : null}
        <AudienceLine segment={segment} paid={paid} />
        <SwitchField
          label={t("admin.broadcasts.paid")}
          note={t("admin.broadcasts.paidNote")}
          checked={paid}
          onChange={(on) => form.set("paid", on)}
          disabled={sending}
        />
        <SwitchField
          label={t("admin.broadcasts.later")}
          note={t("admin.broadcasts.laterNote")}
          checked={later}
          onChange={(on) => form.set("later", on)}
          disabled={sending}
        />
        {later ? (
          <Field
            label={t("admin.broadcasts.sendAt")}
            type="datetime-local"
            value={sendAt}
            max={latestSendAt()}
            error={form.errors.sendAt}
            onChange={(event) => form.set("sendAt", event.target.value)}
            disabled={sending}
          />
        ) : null}
        {blocked ? (
          <p id={reasonId} className="broadcast-bot" role="status" data-testid="broadcast-bot">
            <TriangleAlert size={18} aria-hidden="true" className="broadcast-bot-icon" />
            <span>
              {botSentence(t, bot)} {t("admin.broadcasts.botNeeded")}
            </span>
          </p>
        ) : null}
        <Button
          size="l"
          stretched
          onClick={() => void send()}
          loading={sending}
          disabled={!ready || sending || blocked}
          aria-describedby={blocked ? reasonId : undefined}
          data-testid="broadcast-send"
        >
          {later ? t("admin.broadcasts.schedule") : t("admin.broadcasts.sendNow")}
        </Button>
      </div>
    </Section>
  );
}

/** One broadcast: its words, who, when, its status and progress; cancel while it may. */
function BroadcastRow({ broadcast, onChanged }: { broadcast: Broadcast; onChanged: () => void }) {
  const { t, language } = useT();
  const [cancelling, setCancelling] = useState(false);
  const when = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(
      broadcast.status === "scheduled" ? broadcast.sendAt : (broadcast.startedAt ?? broadcast.createdAt),
    ),
  );
  const who =
    broadcast.segment.kind === "tier"
      ? t("admin.broadcasts.onTier", { tier: broadcast.segment.tierName ?? "—" })
      : broadcast.segment.kind === "lapsed"
        ? t("admin.broadcasts.lapsedDays", { count: broadcast.segment.days ?? LAPSED_DAYS_DEFAULT })
        : t(segmentLabels[broadcast.segment.kind]);
  const reachable = broadcast.total - broadcast.unreachable;
  const finished = reachable - broadcast.queued - broadcast.cancelled;
  const share = reachable > 0 ? Math.round((finished / reachable) * 100) : 100;
  const cancel = async () => {
    setCancelling(true);
    try {
      await call(api.admin.broadcasts[":id"].cancel.$post({ param: { id: broadcast.id } }));
      toast.success(t("admin.broadcasts.cancelledToast"));
      onChanged();
    } catch (failed) {
      toast.error(t("admin.broadcasts.cancelFailed"), { description: errorMessage(failed) });
    } finally {
      setCancelling(false);
    }
  };
  const counts: [AdminTextKey, number][] = [
    ["admin.broadcasts.count.queued", broadcast.queued],
    ["admin.broadcasts.count.sent", broadcast.sent],
    ["admin.broadcasts.count.unreachable", broadcast.unreachable],
    ["admin.broadcasts.count.blocked", broadcast.blocked],
    ["admin.broadcasts.count.failed", broadcast.failed],
  ];
  return (
    <li className="broadcast-row" data-testid="broadcast" data-status={broadcast.status}>
      <div className="broadcast-row-head">
        <Badge type="number" mode={broadcast.status === "sending" ? "primary" : "gray"}>
          {t(statusLabels[broadcast.status])}
        </Badge>
        {broadcast.paid ? (
          <Badge type="number" mode="secondary">
            {t("admin.broadcasts.paidBadge")}
          </Badge>
        ) : null}
        <span className="broadcast-row-when">
          {broadcast.status === "scheduled" ? t("admin.broadcasts.scheduledFor", { date: when }) : when}
        </span>
      </div>
      <p className="broadcast-row-text">{broadcast.text}</p>
      <p className="broadcast-row-who">
        {who}
        {broadcast.imageUrl ? ` · ${t("admin.broadcasts.withImage")}` : ""}
        {broadcast.startedAt === null && broadcast.status === "cancelled"
          ? ` · ${t("admin.broadcasts.neverStarted")}`
          : ""}
      </p>
      {broadcast.startedAt !== null ? (
        <>
          <div
            className="broadcast-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={share}
            aria-label={t("admin.broadcasts.progress")}
          >
            <span style={{ width: `${share}%` }} />
          </div>
          <dl className="broadcast-counts">
            {counts.map(([label, value]) => (
              <div key={label}>
                <dt>{t(label)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      {broadcast.status === "scheduled" || broadcast.status === "sending" ? (
        <Button mode="gray" size="s" onClick={() => void cancel()} loading={cancelling} disabled={cancelling}>
          {t("admin.broadcasts.cancel")}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * /admin/broadcasts (admins): write a message to a segment of the members, see how many it reaches
 * and how long it takes, send it now or at a time; below, every broadcast with its progress, asked
 * again every 2 s while one sends or waits (docs/decisions/108-broadcasts.md).
 */
export default function BroadcastsPage() {
  const { t } = useT();
  const back = useStaffBack();
  const [version, setVersion] = useState(0);
  const list = useResource("broadcasts", fetchBroadcasts, { version });
  const refetch = () => setVersion((v) => v + 1);
  const live =
    list.status === "ready" &&
    list.data.broadcasts.some((b) => b.status === "sending" || b.status === "scheduled");
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setVersion((v) => v + 1), POLL_MS);
    return () => clearInterval(timer);
  }, [live]);
  return (
    <div className="page settings-page broadcasts-page">
      <PageHeader title={t("admin.broadcasts.title")} back={back} />
      <Composer onSent={refetch} bot={list.status === "ready" ? list.data.bot : undefined} />
      <ResourceView
        resource={list}
        isEmpty={(data) => data.broadcasts.length === 0}
        loadingLabel={t("admin.broadcasts.loading")}
        errorMessage={errorMessage(list.status === "error" ? list.error : null, t("admin.broadcasts.failed"))}
        empty={{
          title: t("admin.broadcasts.empty"),
          description: t("admin.broadcasts.emptyText"),
          icon: <Megaphone size={36} />,
        }}
      >
        {(data) => (
          <Section header={t("admin.broadcasts.history")}>
            <ul className="broadcast-list" aria-label={t("admin.broadcasts.history")}>
              {data.broadcasts.map((broadcast) => (
                <BroadcastRow key={broadcast.id} broadcast={broadcast} onChanged={refetch} />
              ))}
            </ul>
          </Section>
        )}
      </ResourceView>
    </div>
  );
}
