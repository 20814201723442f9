import { Badge, Button, Section } from "@telegram-apps/telegram-ui";
import { Gift } from "lucide-react";
import { useState } from "react";
import {
  type AdminReferral,
  type AdminReferrals,
  type ReferralSettings,
  updateReferralSettingsSchema,
} from "#api/contracts/referrals";
import { SwitchField } from "../../components/form-controls";
import { PageHeader } from "../../components/page-header";
import { ResourceView } from "../../components/state-view";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage } from "../../lib/api";
import { formatShortDate } from "../../lib/dates";
import type { FormRules } from "../../lib/form-issues";
import { toast } from "../../lib/toast";
import { useContractForm } from "../../lib/use-contract-form";
import { useResource } from "../../lib/use-resource";
import { useStaffBack } from "../../state/roles";
import { AdminList, AdminRow } from "../admin-row";
import { RewardFields, type RewardValues, rewardFieldsOf, rewardValuesOf } from "../reward-fields";
import "./referrals-admin-page.css";

const fetchSettings = async (signal: AbortSignal) =>
  call(api.admin.referrals.settings.$get(undefined, { init: { signal } }));
const fetchReferrals = async (signal: AbortSignal) =>
  call(api.admin.referrals.$get(undefined, { init: { signal } }));

interface SettingsValues {
  enabled: boolean;
  reward: RewardValues;
}

const settingsRules: FormRules<SettingsValues> = {
  input: (values) => ({ enabled: values.enabled, ...rewardFieldsOf(values.reward) }),
};

/** The programme's switch and reward, saved together. */
function SettingsForm({ settings, onSaved }: { settings: ReferralSettings; onSaved: () => void }) {
  const { t } = useT();
  const form = useContractForm(
    updateReferralSettingsSchema,
    (): SettingsValues => ({ enabled: settings.enabled, reward: rewardValuesOf(settings) }),
    settingsRules,
  );
  const { values, set, busy } = form;
  const failed = t("referral.admin.saveFailed");
  const submit = form.submit(
    async (changed) => {
      try {
        await call(api.admin.referrals.settings.$put({ json: changed }));
        toast.success(t("referral.admin.saved"));
        onSaved();
      } catch (refused) {
        toast.error(failed, { description: errorMessage(refused) });
      }
    },
    (refusal) => toast.error(failed, { description: refusal.first ?? undefined }),
  );

  return (
    <form className="card referral-settings" onSubmit={submit} noValidate>
      <SwitchField
        label={t("referral.admin.enabled")}
        note={t("referral.admin.enabledNote", { days: settings.holdDays })}
        checked={values.enabled}
        onChange={(on) => set("enabled", on)}
        disabled={busy}
      />
      <RewardFields
        form={form}
        texts={{
          kind: t("referral.admin.reward"),
          credits: t("referral.admin.rewardCredits"),
          days: t("referral.admin.rewardDays"),
          creditsNote: t("referral.admin.creditsNote"),
          daysNote: t("referral.admin.daysNote"),
        }}
        creditsPlaceholder="5.00"
      />
      <Button type="submit" size="l" stretched loading={busy} disabled={busy}>
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
