import { Badge, Button } from "@telegram-apps/telegram-ui";
import { Crown, Pencil, Plus, Trash2 } from "lucide-react";
import { useCallback, useId, useState } from "react";
import type { AdminTier, AdminTiers } from "#api/contracts/admin-tiers";
import { BottomSheet } from "../../components/bottom-sheet";
import { ConfirmSheet } from "../../components/confirm-sheet";
import { Field } from "../../components/field";
import { SwitchField, TextAreaField } from "../../components/form-controls";
import { PageHeader } from "../../components/page-header";
import { Stars } from "../../components/stars";
import { ResourceView } from "../../components/state-view";
import { useT } from "../../i18n/use-t";
import { api, call } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useContractForm } from "../../lib/use-contract-form";
import { useResource } from "../../lib/use-resource";
import { perMonth } from "../../plans/plan-rules";
import { AdminList, AdminRow } from "../admin-row";
import { StarPayments } from "./star-payments";
import {
  createBody,
  emptyTierForm,
  fieldOfRefusal,
  MAX_STARS,
  membersText,
  serverMessage,
  slugOf,
  type TierFormValues,
  TRIAL_DAYS_MAX,
  tierContract,
  tierFormFrom,
  tierFormRules,
  tierTexts,
  updateBody,
} from "./tier-rules";
import "./memberships-admin-page.css";

async function fetchTiers(signal: AbortSignal): Promise<AdminTiers> {
  return call(api.admin.tiers.$get(undefined, { init: { signal } }));
}

// The sheet's failures replace one another: the latest check or refusal is the one that counts.
const FORM_TOAST = "tier-form";

// While a change is on its way its sheet stays: Escape, the backdrop and its X do nothing.
const stay = () => {};

/**
 * The Stars price, or, where the shop sells plans for Stars (PLAN_PAYMENTS=stars), that this active
 * paid tier is not sold for them: members can then only ask an admin for it (decision 123).
 */
function StarsLine({ tier, payments }: { tier: AdminTier; payments: AdminTiers["payments"] }) {
  const { t } = useT();
  if (tier.priceStars !== null)
    return (
      <p className="admin-tier-stars" data-testid="tier-stars">
        <Stars count={tier.priceStars} />
        {t("admin.memberships.per30Days")}
      </p>
    );
  if (payments !== "stars" || !tier.isActive || Number(tier.priceMonthly) <= 0) return null;
  return (
    <p className="admin-tier-not-for-stars" data-testid="tier-stars">
      {t("admin.memberships.notSoldForStars")}
    </p>
  );
}

function TierRow({
  tier,
  payments,
  onEdit,
  onDelete,
}: {
  tier: AdminTier;
  payments: AdminTiers["payments"];
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useT();
  return (
    <AdminRow
      testId="admin-tier"
      title={tier.displayName}
      subtitle={<span className="admin-tier-slug">{tier.name}</span>}
      after={
        tier.isActive ? null : (
          <Badge type="number" mode="gray" className="admin-row-badge" data-testid="tier-inactive">
            {t("admin.common.inactive")}
          </Badge>
        )
      }
    >
      <dl className="admin-row-facts admin-tier-facts">
        <div>
          <dt>{t("admin.memberships.price")}</dt>
          <dd data-testid="tier-price">{perMonth(tier.priceMonthly)}</dd>
        </div>
        <div>
          <dt>{t("admin.memberships.level")}</dt>
          <dd data-testid="tier-level">{tier.tierLevel}</dd>
        </div>
        <div>
          <dt>{t("admin.memberships.members")}</dt>
          <dd data-testid="tier-members">{membersText(tier.members)}</dd>
        </div>
      </dl>
      <StarsLine tier={tier} payments={payments} />
      <div className="admin-row-actions">
        <Button
          mode="bezeled"
          size="m"
          className="admin-row-button"
          before={<Pencil size={16} aria-hidden="true" />}
          aria-label={t("admin.common.editNamed", { name: tier.displayName })}
          onClick={onEdit}
        >
          {t("admin.common.edit")}
        </Button>
        <Button
          mode="plain"
          size="m"
          className="admin-row-button admin-row-delete"
          before={<Trash2 size={16} aria-hidden="true" />}
          aria-label={t("admin.common.deleteNamed", { name: tier.displayName })}
          onClick={onDelete}
        >
          {t("admin.common.delete")}
        </Button>
      </div>
    </AdminRow>
  );
}

type SheetState = { kind: "create" } | { kind: "edit"; tier: AdminTier };

/** Add Tier (every field) or Edit (the name, the prices and whether it is active). */
function TierSheet({
  sheet,
  onClose,
  onSaved,
}: {
  sheet: SheetState;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, tm } = useT();
  const formId = useId();
  const editing = sheet.kind === "edit" ? sheet.tier : null;
  const mode = editing ? "edit" : "create";
  const form = useContractForm(
    tierContract(mode),
    (): TierFormValues => (editing ? tierFormFrom(editing) : emptyTierForm),
    tierFormRules(mode),
  );
  const { values, set, busy } = form;
  const failed = editing ? tierTexts.updateFailed() : tierTexts.createFailed();

  // The body as typed goes (the contract's output is what the server saves of it).
  const submit = form.submit(
    async () => {
      try {
        if (editing) {
          await call(api.admin.tiers[":id"].$patch({ param: { id: editing.id }, json: updateBody(values) }));
          toast.success(tierTexts.updated());
        } else {
          await call(api.admin.tiers.$post({ json: createBody(values) }));
          toast.success(tierTexts.created());
        }
        onSaved();
      } catch (error) {
        const message = serverMessage(error);
        const field = fieldOfRefusal(error);
        if (field && message) form.setErrors({ [field]: message });
        toast.error(failed, { id: FORM_TOAST, description: message });
      }
    },
    (refusal) =>
      toast.error(failed, { id: FORM_TOAST, description: refusal.first ? tm(refusal.first) : undefined }),
  );

  const slug = slugOf(values.displayName);
  return (
    <BottomSheet
      open
      onClose={busy ? stay : onClose}
      title={t(editing ? "admin.memberships.editTitle" : "admin.memberships.addTitle")}
      description={
        editing
          ? t("admin.memberships.levelNumber", { level: editing.tierLevel })
          : t("admin.memberships.newTierHint")
      }
      className="tier-sheet"
      footer={
        <div className="tier-sheet-buttons">
          <Button type="button" mode="bezeled" size="l" stretched onClick={onClose} disabled={busy}>
            {t("admin.common.cancel")}
          </Button>
          <Button type="submit" form={formId} size="l" stretched disabled={busy} loading={busy}>
            {t(editing ? "admin.memberships.saveChanges" : "admin.memberships.createTier")}
          </Button>
        </div>
      }
    >
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <Field
          label={t("admin.memberships.displayName")}
          name="displayName"
          {...form.input("displayName")}
          note={slug ? t("admin.memberships.slug", { slug }) : undefined}
          autoComplete="off"
          maxLength={100}
          disabled={busy}
        />
        <Field
          label={t("admin.memberships.priceMonthly")}
          name="price"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          placeholder="0.00"
          {...form.input("priceMonthly")}
          disabled={busy}
        />
        <Field
          label={t("admin.memberships.starsPrice")}
          name="priceStars"
          type="number"
          inputMode="numeric"
          step="1"
          min="1"
          max={String(MAX_STARS)}
          placeholder={t("admin.memberships.notForStars")}
          {...form.input("priceStars")}
          note={t("admin.memberships.starsNote")}
          disabled={busy}
        />
        <Field
          label={t("admin.memberships.trialDays")}
          name="trialDays"
          type="number"
          inputMode="numeric"
          step="1"
          min="1"
          max={String(TRIAL_DAYS_MAX)}
          placeholder={t("admin.memberships.noTrial")}
          {...form.input("trialDays")}
          note={t("admin.memberships.trialNote")}
          disabled={busy}
        />
        {editing ? null : (
          <>
            <TextAreaField
              label={t("admin.memberships.description")}
              value={values.description}
              onChange={(text) => set("description", text)}
              maxLength={1000}
              disabled={busy}
            />
            <TextAreaField
              label={t("admin.memberships.features")}
              note={t("admin.memberships.featuresNote")}
              value={values.features}
              onChange={(text) => set("features", text)}
              disabled={busy}
            />
          </>
        )}
        <SwitchField
          label={t("admin.common.active")}
          note={t("admin.memberships.activeNote")}
          checked={values.isActive}
          onChange={(on) => set("isActive", on)}
          disabled={busy}
        />
      </form>
    </BottomSheet>
  );
}

/** Delete is permanent: the confirmation names the tier; the server refuses while members are on it. */
function DeleteConfirmation({
  tier,
  onClose,
  onDeleted,
}: {
  tier: AdminTier;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useT();
  const remove = async () => {
    try {
      await call(api.admin.tiers[":id"].$delete({ param: { id: tier.id } }));
      toast.success(tierTexts.deleted(tier.displayName));
      onDeleted();
    } catch (error) {
      toast.error(tierTexts.deleteFailed(), { description: serverMessage(error) });
      // Whoever joined the tier meanwhile shows in its count.
      onClose();
    }
  };
  return (
    <ConfirmSheet
      title={t("admin.common.deleteQuestion", { name: tier.displayName })}
      action={t("admin.common.delete")}
      className="tier-sheet"
      onConfirm={remove}
      onClose={onClose}
    >
      {t("admin.memberships.deleteText", {
        name: tier.displayName,
        price: perMonth(tier.priceMonthly),
        level: tier.tierLevel,
      })}
    </ConfirmSheet>
  );
}

/** /admin/memberships (admins): every tier, inactive ones too, with Add, Edit and Delete. */
export default function MembershipsAdminPage() {
  const [version, setVersion] = useState(0);
  const tiers = useResource("admin-tiers", fetchTiers, { version });
  const [sheet, setSheet] = useState<SheetState | null>(null);
  const [deleting, setDeleting] = useState<AdminTier | null>(null);
  const closeSheet = useCallback(() => setSheet(null), []);
  const closeDelete = useCallback(() => {
    setDeleting(null);
    setVersion((v) => v + 1);
  }, []);
  const changed = useCallback(() => {
    setSheet(null);
    setDeleting(null);
    setVersion((v) => v + 1);
  }, []);
  const add = () => setSheet({ kind: "create" });
  const { t } = useT();

  return (
    <div className="page settings-page">
      <PageHeader title={t("admin.menu.memberships")} back="/administration">
        <p className="page-subtitle">{t("admin.memberships.subtitle")}</p>
      </PageHeader>
      <Button size="l" stretched before={<Plus size={20} aria-hidden="true" />} onClick={add}>
        {t("admin.memberships.addTier")}
      </Button>
      <ResourceView
        resource={tiers}
        loadingLabel={t("admin.memberships.loading")}
        errorMessage={t("admin.memberships.loadFailed")}
        isEmpty={(data) => data.tiers.length === 0}
        empty={{
          title: t("admin.memberships.empty"),
          description: t("admin.memberships.emptyHint"),
          icon: <Crown size={36} />,
        }}
      >
        {(data) => (
          <AdminList label={t("admin.memberships.tiers")}>
            {data.tiers.map((tier) => (
              <TierRow
                key={tier.id}
                tier={tier}
                payments={data.payments}
                onEdit={() => setSheet({ kind: "edit", tier })}
                onDelete={() => setDeleting(tier)}
              />
            ))}
          </AdminList>
        )}
      </ResourceView>
      <StarPayments />
      {sheet ? (
        <TierSheet
          key={sheet.kind === "edit" ? sheet.tier.id : "new"}
          sheet={sheet}
          onClose={closeSheet}
          onSaved={changed}
        />
      ) : null}
      {deleting ? <DeleteConfirmation tier={deleting} onClose={closeDelete} onDeleted={changed} /> : null}
    </div>
  );
}
