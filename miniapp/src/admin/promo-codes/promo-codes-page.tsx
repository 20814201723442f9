import { Badge, Button, Section } from "@telegram-apps/telegram-ui";
import { Ticket } from "lucide-react";
import { useEffect, useState } from "react";
import { createPromoCodeSchema, type PromoCode } from "#api/contracts/promo-codes";
import { Field } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { ResourceView } from "../../components/state-view";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage } from "../../lib/api";
import { formatShortDate } from "../../lib/dates";
import type { FormRules } from "../../lib/form-issues";
import { formatCredits } from "../../lib/format";
import { toast } from "../../lib/toast";
import { useContractForm } from "../../lib/use-contract-form";
import { useResource } from "../../lib/use-resource";
import { useStaffBack } from "../../state/roles";
import { AdminList, AdminRow } from "../admin-row";
import { RewardFields, type RewardValues, rewardOf, withRewardFields } from "../reward-fields";
import "./promo-codes-page.css";

/** How often the list is read again while open: uses and what codes brought change live. */
const REFRESH_MS = 5000;

const fetchCodes = async (signal: AbortSignal) =>
  (await call(api.admin["promo-codes"].$get(undefined, { init: { signal } }))).promoCodes;

/** A date typed in the form (YYYY-MM-DD) as the end of that day, UTC; empty: none. */
const endOfDay = (date: string) => (date ? `${date}T23:59:59Z` : null);

/** A whole number as typed; empty: none (the contract says what is missing). */
const numberOf = (text: string) => (text.trim() === "" ? null : Number(text));

interface CreateValues {
  code: string;
  reward: RewardValues;
  maxUses: string;
  usesPerMember: string;
  /** The last day it can be redeemed (YYYY-MM-DD), or empty. */
  endsOn: string;
}

const newCode: CreateValues = {
  code: "",
  reward: { rewardKind: "credits", credits: "", tierId: "", days: "" },
  maxUses: "100",
  usesPerMember: "1",
  endsOn: "",
};

const createRules: FormRules<CreateValues> = {
  input: (values) => ({
    code: values.code,
    reward: rewardOf(values.reward),
    maxUses: numberOf(values.maxUses),
    usesPerMember: numberOf(values.usesPerMember),
    endsAt: endOfDay(values.endsOn),
  }),
};

const createContract = withRewardFields(createPromoCodeSchema);

/** New code: letters and digits, free days on a paid plan or credits, total uses, one per member by default. */
function CreateForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useT();
  const form = useContractForm(createContract, newCode, createRules);
  const { values, set, errors, busy } = form;
  const failed = t("promo.admin.createFailed");
  const submit = form.submit(
    async (promo) => {
      try {
        await call(api.admin["promo-codes"].$post({ json: promo }));
        toast.success(t("promo.admin.created", { code: promo.code }));
        set("code", "");
        onCreated();
      } catch (refused) {
        toast.error(failed, { description: errorMessage(refused) });
      }
    },
    (refusal) => toast.error(failed, { description: refusal.first ?? undefined }),
  );
  return (
    <form className="card promo-create" onSubmit={submit} data-testid="promo-create" noValidate>
      <Field
        label={t("promo.admin.code")}
        note={t("promo.admin.codeNote")}
        {...form.input("code")}
        maxLength={32}
        autoCapitalize="characters"
        required
        disabled={busy}
      />
      <RewardFields
        form={form}
        texts={{
          kind: t("promo.admin.gives"),
          credits: t("promo.admin.givesCredits"),
          days: t("promo.admin.givesDays"),
        }}
        creditsPlaceholder="10.00"
      />
      <div className="promo-create-row">
        <Field
          label={t("promo.admin.maxUses")}
          type="number"
          inputMode="numeric"
          min={1}
          {...form.input("maxUses")}
          disabled={busy}
        />
        <Field
          label={t("promo.admin.perMember")}
          type="number"
          inputMode="numeric"
          min={1}
          {...form.input("usesPerMember")}
          disabled={busy}
        />
      </div>
      <Field
        label={t("promo.admin.endsOn")}
        note={t("promo.admin.endsOnNote")}
        type="date"
        {...form.input("endsOn")}
        error={errors.endsAt}
        disabled={busy}
      />
      <Button type="submit" size="l" stretched loading={busy} disabled={busy || values.code.trim() === ""}>
        {t("promo.admin.create")}
      </Button>
    </form>
  );
}

/** One code: what it gives, uses of total, what it brought; a tap turns it off or on. */
function CodeRow({ promo, onChanged }: { promo: PromoCode; onChanged: () => void }) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const gives =
    promo.reward.kind === "credits"
      ? formatCredits(promo.reward.amount)
      : t("promo.admin.daysOf", { days: promo.reward.days, name: promo.reward.tierName ?? "" });
  const toggle = async () => {
    setBusy(true);
    try {
      await call(
        api.admin["promo-codes"][":id"].$patch({
          param: { id: promo.id },
          json: { isActive: !promo.isActive },
        }),
      );
      onChanged();
    } catch (failed) {
      toast.error(t("promo.admin.changeFailed"), { description: errorMessage(failed) });
    } finally {
      setBusy(false);
    }
  };
  const ended = promo.endsAt !== null && Date.parse(promo.endsAt) <= Date.now();
  return (
    <AdminRow
      testId="promo-row"
      title={promo.code}
      subtitle={[
        gives,
        t("promo.admin.uses", { uses: promo.uses, max: promo.maxUses }),
        ...(promo.endsAt ? [t("promo.admin.until", { date: formatShortDate(promo.endsAt) })] : []),
      ].join(" · ")}
      description={t("promo.admin.brought", {
        members: promo.brought.members,
        orders: promo.brought.orders,
        credits: formatCredits(promo.brought.creditsSpent),
      })}
      after={
        <div className="promo-row-after">
          <Badge type="number" mode={promo.isActive && !ended ? "primary" : "gray"}>
            {ended ? t("promo.admin.ended") : promo.isActive ? t("promo.admin.active") : t("promo.admin.off")}
          </Badge>
          <Button size="s" mode="gray" loading={busy} onClick={toggle}>
            {promo.isActive ? t("promo.admin.turnOff") : t("promo.admin.turnOn")}
          </Button>
        </div>
      }
    />
  );
}

/**
 * /admin/promo-codes (admins): make codes and watch them, read again every few seconds while open
 * (decision 112).
 */
export default function PromoCodesPage() {
  const { t } = useT();
  const back = useStaffBack();
  const [version, setVersion] = useState(0);
  const codes = useResource("promo-codes", fetchCodes, { version });
  const reload = () => setVersion((v) => v + 1);
  useEffect(() => {
    const timer = window.setInterval(() => setVersion((v) => v + 1), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="page settings-page promo-codes-page">
      <PageHeader title={t("promo.admin.title")} back={back} />
      <CreateForm onCreated={reload} />
      <ResourceView
        resource={codes}
        loadingLabel={t("promo.admin.loading")}
        errorMessage={errorMessage(codes.status === "error" ? codes.error : null, t("promo.admin.failed"))}
      >
        {(data) =>
          data.length === 0 ? (
            <p className="hint promo-empty">
              <Ticket size={18} aria-hidden="true" /> {t("promo.admin.empty")}
            </p>
          ) : (
            <Section header={t("promo.admin.list")}>
              <AdminList label={t("promo.admin.list")}>
                {data.map((promo) => (
                  <CodeRow key={promo.id} promo={promo} onChanged={reload} />
                ))}
              </AdminList>
            </Section>
          )
        }
      </ResourceView>
    </div>
  );
}
