import { Button, Cell, Checkbox } from "@telegram-apps/telegram-ui";
import { X } from "lucide-react";
import { useMemo, useState } from "react";
import { stateName as nameOf, type UsState, usStates } from "#api/contracts/us-states";
import { BottomSheet } from "../../components/bottom-sheet";
import { Field } from "../../components/field";
import { useT } from "../../i18n/use-t";

const byName = (Object.entries(usStates) as [UsState, string][]).sort(([, a], [, b]) => a.localeCompare(b));

/** Restricted states: the chosen ones as removable chips, and a sheet of every state to tick. */
export function StateSelect({
  value,
  onChange,
  disabled,
}: {
  value: UsState[];
  onChange: (states: UsState[]) => void;
  disabled: boolean;
}) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const chosen = new Set(value);
  const shown = useMemo(() => {
    const query = search.trim().toLowerCase();
    return byName.filter(
      ([code, name]) => !query || name.toLowerCase().includes(query) || code.toLowerCase() === query,
    );
  }, [search]);
  const toggle = (code: UsState, on: boolean) =>
    onChange(on ? [...value, code].sort() : value.filter((state) => state !== code));

  return (
    <fieldset className="field form-group">
      <legend className="field-label">{t("admin.productForm.restrictedStates")}</legend>
      {value.length > 0 ? (
        <ul className="state-chips" aria-label={t("admin.productForm.restrictedStates")}>
          {value.map((code) => (
            <li key={code} className="state-chip">
              {nameOf(code)}
              <button
                type="button"
                className="state-chip-remove"
                aria-label={t("admin.productForm.removeNamed", { name: nameOf(code) })}
                onClick={() => toggle(code, false)}
                disabled={disabled}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="field-note">{t("admin.productForm.everyState")}</p>
      )}
      <Button type="button" mode="bezeled" size="m" onClick={() => setOpen(true)} disabled={disabled}>
        {t("admin.productForm.chooseStates")}
      </Button>
      <BottomSheet
        open={open}
        onClose={() => setOpen(false)}
        title={t("admin.productForm.restrictedStates")}
        description={t("admin.productForm.statesHint")}
        className="state-sheet"
        footer={
          <Button type="button" size="l" stretched onClick={() => setOpen(false)}>
            {t("admin.productForm.done", { count: value.length })}
          </Button>
        }
      >
        <Field
          label={t("admin.productForm.searchStates")}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoComplete="off"
        />
        <div className="state-list">
          {shown.map(([code, name]) => (
            <Cell
              key={code}
              Component="label"
              className="checkbox"
              before={
                <Checkbox
                  checked={chosen.has(code)}
                  onChange={(event) => toggle(code, event.target.checked)}
                />
              }
            >
              {name}
            </Cell>
          ))}
        </div>
      </BottomSheet>
    </fieldset>
  );
}
