import { Button, Cell, Checkbox } from "@telegram-apps/telegram-ui";
import { Lock, Users } from "lucide-react";
import { useState } from "react";
import { BottomSheet } from "../components/bottom-sheet";
import { useT } from "../i18n/use-t";
import { listText } from "../lib/format";
import { useResource } from "../lib/use-resource";
import { fetchTiers } from "../plans/plan-api";
import "./composer-audience.css";

/**
 * Who a new post is for (decision 118): every member, or members of the tiers ticked here (the
 * active tiers, lowest level first). The chosen ids travel as POST /api/messages' `tierIds`.
 */
export function ComposerAudience({
  value,
  onChange,
  disabled,
}: {
  value: string[];
  onChange: (tierIds: string[]) => void;
  disabled: boolean;
}) {
  const { t, language } = useT();
  const [open, setOpen] = useState(false);
  const tiers = useResource("post-tiers", fetchTiers);
  const list = tiers.status === "ready" ? [...tiers.data].sort((a, b) => a.tierLevel - b.tierLevel) : [];
  const chosen = new Set(value);
  const names = list.filter((tier) => chosen.has(tier.id)).map((tier) => tier.displayName);
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...value, id] : value.filter((tierId) => tierId !== id));
  return (
    <>
      <Button
        type="button"
        mode="plain"
        size="s"
        className="composer-audience"
        before={
          value.length > 0 ? <Lock size={16} aria-hidden="true" /> : <Users size={16} aria-hidden="true" />
        }
        onClick={() => setOpen(true)}
        disabled={disabled}
        data-testid="composer-audience"
      >
        {names.length > 0
          ? t("composer.forTiers", { tiers: listText(names, language) })
          : t("composer.forEveryone")}
      </Button>
      <BottomSheet
        open={open}
        onClose={() => setOpen(false)}
        title={t("composer.audience")}
        description={t("composer.audienceHint")}
        footer={
          <Button type="button" size="l" stretched onClick={() => setOpen(false)}>
            {t("composer.audienceDone")}
          </Button>
        }
      >
        <div className="composer-audience-list">
          {list.map((tier) => (
            <Cell
              key={tier.id}
              Component="label"
              className="checkbox"
              before={
                <Checkbox
                  checked={chosen.has(tier.id)}
                  onChange={(event) => toggle(tier.id, event.target.checked)}
                />
              }
            >
              {tier.displayName}
            </Cell>
          ))}
        </div>
      </BottomSheet>
    </>
  );
}
