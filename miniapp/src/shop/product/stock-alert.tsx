import { Button } from "@telegram-apps/telegram-ui";
import { useSetAtom } from "jotai";
import { BellRing } from "lucide-react";
import { useCallback, useState } from "react";
import type { StockAlert as AlertState } from "#api/contracts/stock-alerts";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useResource } from "../../lib/use-resource";
import { useAuth } from "../../state/auth";
import { authTabAtom, openDrawerAtom } from "../../state/drawers";
import "./stock-alert.css";

/** An out-of-stock product's "Notify me": the member's alert state, to ask for or withdraw. */
export function StockAlert({ productId }: { productId: string }) {
  const { t } = useT();
  const auth = useAuth();
  const openDrawer = useSetAtom(openDrawerAtom);
  const setAuthTab = useSetAtom(authTabAtom);
  if (auth.status !== "signed-in") {
    return (
      <section className="stock-alert" aria-label={t("stockAlert.label")}>
        <p className="stock-alert-text">{t("stockAlert.signIn")}</p>
        <Button
          size="m"
          mode="bezeled"
          before={<BellRing size={18} aria-hidden="true" />}
          disabled={auth.status === "loading"}
          onClick={() => {
            setAuthTab("login");
            openDrawer("auth");
          }}
        >
          {t("stockAlert.notify")}
        </Button>
      </section>
    );
  }
  return <MemberStockAlert productId={productId} />;
}

function MemberStockAlert({ productId }: { productId: string }) {
  const { t } = useT();
  const load = useCallback(
    (signal: AbortSignal) =>
      call(api.products[":id"].alert.$get({ param: { id: productId } }, { init: { signal } })),
    [productId],
  );
  const loaded = useResource(`stock-alert:${productId}`, load);
  // What the last change answered, else what was loaded (null while loading).
  const [changed, setChanged] = useState<AlertState | null>(null);
  const alert = changed ?? (loaded.status === "ready" ? loaded.data : null);
  const [saving, setSaving] = useState(false);

  const change = async (waiting: boolean) => {
    setSaving(true);
    try {
      const param = { param: { id: productId } };
      setChanged(
        await call(
          waiting ? api.products[":id"].alert.$put(param) : api.products[":id"].alert.$delete(param),
        ),
      );
    } catch (error) {
      toast.error(t("stockAlert.failed"), { description: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  const waiting = alert?.waiting ?? false;
  return (
    <section className="stock-alert" aria-label={t("stockAlert.label")} aria-busy={alert === null || saving}>
      <p className="stock-alert-text" role="status">
        {waiting ? t("stockAlert.waiting") : t("stockAlert.offer")}
      </p>
      <Button
        size="m"
        mode={waiting ? "plain" : "bezeled"}
        before={waiting ? undefined : <BellRing size={18} aria-hidden="true" />}
        disabled={alert === null}
        loading={saving}
        onClick={() => void change(!waiting)}
      >
        {waiting ? t("stockAlert.withdraw") : t("stockAlert.notify")}
      </Button>
    </section>
  );
}
