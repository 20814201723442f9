import { Badge, Button, Section, Select } from "@telegram-apps/telegram-ui";
import { Gift } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { AdminReferral, AdminReferrals, ReferralSettings } from "#api/contracts/referrals";
import { Field } from "../../components/field";
import { FieldFrame } from "../../components/field-frame";
import { SwitchField } from "../../components/form-controls";
import { PageHeader } from "../../components/page-header";
import { ResourceView } from "../../components/state-view";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage } from "../../lib/api";
import { formatShortDate } from "../../lib/dates";
import { toast } from "../../lib/toast";
import { useResource } from "../../lib/use-resource";
import { useStaffBack } from "../../state/roles";
import { AdminList, AdminRow } from "../admin-row";
import { PaidTierSelect } from "../paid-tier-select";
import "./referrals-admin-page.css";

const fetchSettings = async (signal: AbortSignal) =>
  call(api.admin.referrals.settings.$get(undefined, { init: { signal } }));
const fetchReferrals = async (signal: AbortSignal) =>
  call(api.admin.referrals.$get(undefined, { init: { signal } }));

/** The programme's switch and reward, saved together. */
function SettingsForm({ settings, onSaved }: { settings: ReferralSettings; onSaved: () => void }) {
  const { t } = useT();
  const kindId = useId();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [kind, setKind] = useState(settings.rewardKind);
  const [credits, setCredits] = useState(settings.credits ?? "");
  const [tierId, setTierId] = useState(settings.tierId ?? "");
  const [days, setDays] = useState(settings.days ? String(settings.days) : "");
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setEnabled(settings.enabled);
  }, [settings.enabled]);

  const save = async () => {
    setSaving(true);
    try {
      await call(
        api.admin.referrals.settings.$put({
          json:
            kind === "credits"
              ? { enabled, rewardKind: kind, credits: credits.trim() }
              : { enabled, rewardKind: kind, tierId: tierId || null, days: Number(days) || null },
        }),
      );
      toast.success(t("referral.admin.saved"));
      onSaved();
    } catch (failed) {
      toast.error(t("referral.admin.saveFailed"), { description: errorMessage(failed) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="card referral-settings"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <SwitchField
        label={t("referral.admin.enabled")}
        note={t("referral.admin.enabledNote", { days: settings.holdDays })}
        checked={enabled}
        onChange={setEnabled}
        disabled={saving}
      />
      <FieldFrame controlId={kindId} label={t("referral.admin.reward")} messageId={`${kindId}-note`}>
        <Select
          id={kindId}
          value={kind}
          onChange={(event) => setKind(event.target.value as ReferralSettings["rewardKind"])}
          disabled={saving}
        >
          <option value="credits">{t("referral.admin.rewardCredits")}</option>
          <option value="days">{t("referral.admin.rewardDays")}</option>
        </Select>
      </FieldFrame>
      {kind === "credits" ? (
        <Field
          label={t("referral.admin.credits")}
          note={t("referral.admin.creditsNote")}
          inputMode="decimal"
          placeholder="5.00"
          value={credits}
          onChange={(event) => setCredits(event.target.value)}
          disabled={saving}
        />
      ) : (
        <>
          <PaidTierSelect
            label={t("referral.admin.tier")}
            placeholder={t("referral.admin.chooseTier")}
            value={tierId}
            onChange={setTierId}
            disabled={saving}
          />
          <Field
            label={t("referral.admin.days")}
            note={t("referral.admin.daysNote")}
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            disabled={saving}
          />
        </>
      )}
      <Button type="submit" size="l" stretched loading={saving} disabled={saving}>
        {t("referral.admin.save")}
      </Button>
    </form>
  );
}

function status(referral: AdminReferral, t: ReturnType<typeof useT>["t"]) {
  if (referral.voidedAt) return { mode: "critical" as const, text: t("referral.admin.voided") };
  if (referral.rewardedAt) return { mode: "primary" as const, text: t("referral.admin.rewardedBadge") };
  if (referral.qualifiedAt) return { mode: "secondary" as const, text: t("referral.admin.qualified") };
  return { mode: "gray" as const, text: t("referral.admin.joinedBadge") };
}

const totals = [
  ["joined", "referral.admin.totalJoined"],
  ["qualified", "referral.admin.totalQualified"],
  ["rewarded", "referral.admin.totalRewarded"],
  ["voided", "referral.admin.totalVoided"],
] as const;

function ReferralList({ data }: { data: AdminReferrals }) {
  const { t } = useT();
  const unnamed = t("referral.admin.unnamed");
  return (
    <>
      <dl className="referral-totals" data-testid="referral-totals">
        {totals.map(([key, label]) => (
          <div key={key} className="card">
            <dt>{t(label)}</dt>
            <dd>{data.totals[key]}</dd>
          </div>
        ))}
      </dl>
      {data.referrals.length === 0 ? (
        <p className="hint">{t("referral.admin.empty")}</p>
      ) : (
        <Section header={t("referral.admin.list")}>
          <AdminList label={t("referral.admin.list")}>
            {data.referrals.map((referral) => {
              const badge = status(referral, t);
              const due = referral.rewardedAt || referral.voidedAt ? null : referral.rewardDueAt;
              return (
                <AdminRow
                  key={referral.refereeId}
                  testId="referral-row"
                  title={referral.refereeName ?? unnamed}
                  subtitle={t("referral.admin.invitedBy", { name: referral.referrerName ?? unnamed })}
                  description={[
                    t("referral.admin.joinedOn", { date: formatShortDate(referral.attributedAt) }),
                    ...(due ? [t("referral.admin.dueOn", { date: formatShortDate(due) })] : []),
                  ].join(" · ")}
                  after={
                    <Badge type="number" mode={badge.mode}>
                      {badge.text}
                    </Badge>
                  }
                />
              );
            })}
          </AdminList>
        </Section>
      )}
    </>
  );
}

/**
 * /admin/referrals (admins): turn the referral programme on or off, set its reward (credits, or free
 * days on a tier), and see who brought whom, with the totals.
 */
export default function ReferralsAdminPage() {
  const { t } = useT();
  const back = useStaffBack();
  const [version, setVersion] = useState(0);
  const settings = useResource("referral-settings", fetchSettings, { version });
  const list = useResource("referrals", fetchReferrals, { version });
  return (
    <div className="page settings-page referrals-admin-page">
      <PageHeader title={t("referral.admin.title")} back={back} />
      <ResourceView
        resource={settings}
        loadingLabel={t("referral.admin.loading")}
        errorMessage={errorMessage(
          settings.status === "error" ? settings.error : null,
          t("referral.admin.failed"),
        )}
      >
        {(data) => <SettingsForm settings={data} onSaved={() => setVersion((v) => v + 1)} />}
      </ResourceView>
      <ResourceView
        resource={list}
        loadingLabel={t("referral.admin.loading")}
        errorMessage={errorMessage(list.status === "error" ? list.error : null, t("referral.admin.failed"))}
      >
        {(data) =>
          data.totals.joined === 0 && data.referrals.length === 0 ? (
            <p className="hint referral-empty">
              <Gift size={18} aria-hidden="true" /> {t("referral.admin.empty")}
            </p>
          ) : (
            <ReferralList data={data} />
          )
        }
      </ResourceView>
    </div>
  );
}
