import { Badge, Button, Section, Select } from "@telegram-apps/telegram-ui";
import { Ticket } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { PromoCode } from "#api/contracts/promo-codes";
import { Field } from "../../components/field";
import { FieldFrame } from "../../components/field-frame";
import { PageHeader } from "../../components/page-header";
import { ResourceView } from "../../components/state-view";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage } from "../../lib/api";
import { formatShortDate } from "../../lib/dates";
import { formatCredits } from "../../lib/format";
import { toast } from "../../lib/toast";
import { useResource } from "../../lib/use-resource";
import { useStaffBack } from "../../state/roles";
import { AdminList, AdminRow } from "../admin-row";
import { PaidTierSelect } from "../paid-tier-select";
import "./promo-codes-page.css";

/** How often the list is read again while open: uses and what codes brought change live. */
const REFRESH_MS = 5000;

const fetchCodes = async (signal: AbortSignal) =>
  (await call(api.admin["promo-codes"].$get(undefined, { init: { signal } }))).promoCodes;

/** A date typed in the form (YYYY-MM-DD) as the end of that day, UTC; empty: none. */
const endOfDay = (date: string) => (date ? `${date}T23:59:59Z` : null);

/** New code: letters and digits, free days on a paid plan or credits, total uses, one per member by default. */
function CreateForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useT();
  const kindId = useId();
  const [code, setCode] = useState("");
  const [kind, setKind] = useState<"days" | "credits">("credits");
  const [amount, setAmount] = useState("");
  const [tier, setTier] = useState("");
  const [days, setDays] = useState("");
  const [maxUses, setMaxUses] = useState("100");
  const [perMember, setPerMember] = useState("1");
  const [endsOn, setEndsOn] = useState("");
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await call(
        api.admin["promo-codes"].$post({
          json: {
            code: code.trim(),
            reward:
              kind === "credits"
                ? { kind, amount: amount.trim() }
                : { kind, tierId: tier, days: Number(days) },
            maxUses: Number(maxUses),
            usesPerMember: Number(perMember),
            endsAt: endOfDay(endsOn),
          },
        }),
      );
      toast.success(t("promo.admin.created", { code: code.trim() }));
      setCode("");
      onCreated();
    } catch (failed) {
      toast.error(t("promo.admin.createFailed"), { description: errorMessage(failed) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="card promo-create" onSubmit={submit} data-testid="promo-create">
      <Field
        label={t("promo.admin.code")}
        note={t("promo.admin.codeNote")}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        maxLength={32}
        autoCapitalize="characters"
        required
        disabled={saving}
      />
      <FieldFrame controlId={kindId} label={t("promo.admin.gives")} messageId={`${kindId}-note`}>
        <Select
          id={kindId}
          value={kind}
          onChange={(event) => setKind(event.target.value as "days" | "credits")}
          disabled={saving}
        >
          <option value="credits">{t("promo.admin.givesCredits")}</option>
          <option value="days">{t("promo.admin.givesDays")}</option>
        </Select>
      </FieldFrame>
      {kind === "credits" ? (
        <Field
          label={t("promo.admin.amount")}
          inputMode="decimal"
          placeholder="10.00"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          disabled={saving}
        />
      ) : (
        <>
          <PaidTierSelect
            label={t("promo.admin.tier")}
            placeholder={t("promo.admin.chooseTier")}
            value={tier}
            onChange={setTier}
            disabled={saving}
          />
          <Field
            label={t("promo.admin.days")}
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
      <div className="promo-create-row">
        <Field
          label={t("promo.admin.maxUses")}
          type="number"
          inputMode="numeric"
          min={1}
          value={maxUses}
          onChange={(event) => setMaxUses(event.target.value)}
          disabled={saving}
        />
        <Field
          label={t("promo.admin.perMember")}
          type="number"
          inputMode="numeric"
          min={1}
          value={perMember}
          onChange={(event) => setPerMember(event.target.value)}
          disabled={saving}
        />
      </div>
      <Field
        label={t("promo.admin.endsOn")}
        note={t("promo.admin.endsOnNote")}
        type="date"
        value={endsOn}
        onChange={(event) => setEndsOn(event.target.value)}
        disabled={saving}
      />
      <Button type="submit" size="l" stretched loading={saving} disabled={saving || code.trim() === ""}>
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
