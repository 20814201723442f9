import { Button } from "@telegram-apps/telegram-ui";
import { useSetAtom } from "jotai";
import { KeyRound, ShieldCheck, ShieldX } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { ErrorReason } from "#api/contracts/errors";
import { setupLinkMessages } from "#api/contracts/setup-link";
import { LinkButton } from "../components/link-button";
import { StateView } from "../components/state-view";
import type { AppTextKey } from "../i18n/i18n";
import { useT } from "../i18n/use-t";
import { api, call, errorMessage, LoadError } from "../lib/api";
import { updateMe, useAuth } from "../state/auth";
import { authTabAtom, openDrawerAtom } from "../state/drawers";
import { roleCache } from "../state/role-cache";

type Outcome =
  | { status: "ready" }
  | { status: "claimed" }
  | { status: "refused"; title: AppTextKey; message: string };

/** The headline of each way a setup link is refused (the message under it is the server's). */
const refusedTitles: Partial<Record<ErrorReason, AppTextKey>> = {
  setup_link_expired: "setupLink.expiredTitle",
  setup_link_used: "setupLink.usedTitle",
  setup_admin_exists: "setupLink.adminExistsTitle",
};

/**
 * /setup?token=…: the one-time link a start prints while the shop has no admin (decision 122).
 * Signed in, one button makes this account the first admin; signed out, its button opens the
 * sign-in sheet over the page, and the person is back here once signed in.
 */
export default function SetupLinkPage() {
  const { t, tm } = useT();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const auth = useAuth();
  const setOpenDrawer = useSetAtom(openDrawerAtom);
  const setAuthTab = useSetAtom(authTabAtom);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(
    token
      ? { status: "ready" }
      : { status: "refused", title: "setupLink.invalidTitle", message: tm(setupLinkMessages.invalid) },
  );

  // Sign-up first: a new owner has no account yet. The sheet opens over this page, which stays.
  const signIn = () => {
    setAuthTab("signup");
    setOpenDrawer("auth");
  };

  if (outcome.status === "refused") {
    return (
      <div className="page centered-page" data-testid="setup-refused">
        <ShieldX size={40} className="state-icon" aria-hidden="true" />
        <h1 className="page-title">{t(outcome.title)}</h1>
        <p className="hint">{outcome.message}</p>
        <LinkButton to="/" size="l">
          {t("setupLink.toShop")}
        </LinkButton>
      </div>
    );
  }
  if (outcome.status === "claimed") {
    return (
      <div className="page centered-page" data-testid="setup-claimed">
        <ShieldCheck size={40} className="state-icon" aria-hidden="true" />
        <h1 className="page-title">{t("setupLink.claimedTitle")}</h1>
        <p className="hint">{t("setupLink.claimedText")}</p>
        <div className="button-row">
          <LinkButton to="/admin/upload-products" size="l">
            {t("setupLink.addProduct")}
          </LinkButton>
          <LinkButton to="/administration" size="l" mode="bezeled">
            {t("setupLink.openAdministration")}
          </LinkButton>
        </div>
      </div>
    );
  }
  if (auth.status === "loading") return <StateView kind="loading" label={t("auth.loadingAccount")} />;

  const claim = async () => {
    if (auth.status !== "signed-in") return;
    setBusy(true);
    try {
      const { roles } = await call(api.setup.claim.$post({ json: { token } }));
      roleCache.set(auth.me.id, roles);
      updateMe({ ...auth.me, roles });
      setOutcome({ status: "claimed" });
    } catch (error) {
      const reason = error instanceof LoadError ? error.reason : null;
      setOutcome({
        status: "refused",
        title: (reason && refusedTitles[reason]) || "setupLink.invalidTitle",
        message: errorMessage(error),
      });
    } finally {
      setBusy(false);
    }
  };

  const me = auth.status === "signed-in" ? auth.me : null;
  const who = me
    ? (me.fullName ?? me.email ?? (me.telegramUsername ? `@${me.telegramUsername}` : null))
    : null;
  return (
    <div className="page centered-page" data-testid="setup-ready">
      <KeyRound size={40} className="state-icon" aria-hidden="true" />
      <h1 className="page-title">{t("setupLink.title")}</h1>
      <p className="hint">{t("setupLink.text")}</p>
      {me ? (
        <>
          {who ? <p className="hint">{t("setupLink.signedInAs", { name: who })}</p> : null}
          <Button type="button" size="l" onClick={claim} disabled={busy}>
            {busy ? t("setupLink.claiming") : t("setupLink.claim")}
          </Button>
        </>
      ) : (
        <>
          <p className="hint">{t("setupLink.signInFirst")}</p>
          <Button type="button" size="l" onClick={signIn}>
            {t("setupLink.signIn")}
          </Button>
        </>
      )}
    </div>
  );
}
