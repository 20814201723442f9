import { Button, Cell, Checkbox } from "@telegram-apps/telegram-ui";
import { useId } from "react";
import { useLocation, useNavigate } from "react-router";
import type { AfterAgeGate } from "../auth/require-auth";
import { useT } from "../i18n/use-t";
import { errorMessage } from "../lib/api";
import { firstLoadMessages } from "../lib/messages";
import { toast } from "../lib/toast";
import { useContractForm } from "../lib/use-contract-form";
import { confirmAge, signOut } from "../state/auth";
import { telegram } from "../telegram/controls";
import { ageVerificationContract } from "./age-contract";

const AGE_TOAST = "age-required";

/** The sign-up's age checkbox, for someone signed in (by Telegram) who has not confirmed yet. */
export default function AgeGate() {
  const { t } = useT();
  const form = useContractForm(ageVerificationContract, { confirmed: false }, { clearOnEdit: true });
  const error = form.errors.confirmed ?? null;
  const errorId = useId();
  const headingId = useId();
  const tg = telegram();
  const navigate = useNavigate();
  const after = (useLocation().state as Partial<AfterAgeGate> | null)?.after;

  const submit = form.submit(
    async () => {
      try {
        await confirmAge();
        // Confirmed: the refusal shown a moment ago no longer applies.
        toast.dismiss(AGE_TOAST);
        // On to the screen they were opening (RequireAuth sent them here).
        if (after?.startsWith("/")) navigate(after, { replace: true });
      } catch (failure) {
        toast.error(t("common.error"), { description: errorMessage(failure) });
      }
    },
    (failure) =>
      toast.error(firstLoadMessages.validationError, {
        id: AGE_TOAST,
        description: failure.first ?? undefined,
      }),
  );

  const leave = async () => {
    try {
      await signOut();
      toast.success(t("common.signedOut"));
    } catch (failure) {
      toast.error(t("common.signOutFailed"), { description: errorMessage(failure) });
    }
  };

  return (
    <form
      className="landing-form"
      onSubmit={submit}
      noValidate
      data-testid="age-gate"
      aria-labelledby={headingId}
    >
      <h2 className="age-gate-title" id={headingId}>
        {firstLoadMessages.ageGateTitle}
      </h2>
      <p className="age-gate-text">{firstLoadMessages.ageGateText}</p>
      <Cell
        Component="label"
        className="checkbox"
        multiline
        before={
          <Checkbox
            checked={form.values.confirmed}
            onChange={(event) => {
              form.set("confirmed", event.target.checked);
              if (event.target.checked) toast.dismiss(AGE_TOAST);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        }
      >
        {firstLoadMessages.ageLabel}
      </Cell>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="l" stretched disabled={form.busy}>
        {form.busy ? t("common.pleaseWait") : t("common.continue")}
      </Button>
      {tg ? (
        // Inside Telegram, leaving means closing the app: signing out would only sign in again.
        <Button type="button" mode="plain" size="m" className="text-button" onClick={() => tg.close()}>
          {t("common.close")}
        </Button>
      ) : (
        <Button type="button" mode="plain" size="m" className="text-button" onClick={leave}>
          {t("common.signOut")}
        </Button>
      )}
    </form>
  );
}
