import { Button } from "@telegram-apps/telegram-ui";
import { useSetAtom } from "jotai";
import { BellRing } from "lucide-react";
import { useCallback, useState } from "react";
import type { StockAlert as AlertState } from "#api/contracts/stock-alerts";
import { api, call, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useResource } from "../../lib/use-resource";
import { useAuth } from "../../state/auth";
import { authTabAtom, openDrawerAtom } from "../../state/drawers";
import "./stock-alert.css";

const stockAlertTexts = {
  offer: "Out of stock for now. We can tell you once when it's back.",
  signIn: "Sign in and we'll tell you once when it's back.",
  notify: "Notify me",
  waiting: "We'll let you know when it's back in stock.",
  withdraw: "Don't notify me",
  failed: "Failed to change the alert",
} as const;

/** An out-of-stock product's "Notify me": the member's alert state, to ask for or withdraw. */
export function StockAlert({ productId }: { productId: string }) {
  const auth = useAuth();
  const openDrawer = useSetAtom(openDrawerAtom);
  const setAuthTab = useSetAtom(authTabAtom);
  if (auth.status !== "signed-in") {
    return (
      <section className="stock-alert" aria-label="Back-in-stock alert">
        <p className="stock-alert-text">{stockAlertTexts.signIn}</p>
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
          {stockAlertTexts.notify}
        </Button>
      </section>
    );
  }
  return <MemberStockAlert productId={productId} />;
}

function MemberStockAlert({ productId }: { productId: string }) {
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
      toast.error(stockAlertTexts.failed, { description: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  const waiting = alert?.waiting ?? false;
  return (
    <section className="stock-alert" aria-label="Back-in-stock alert" aria-busy={alert === null || saving}>
      <p className="stock-alert-text" role="status">
        {waiting ? stockAlertTexts.waiting : stockAlertTexts.offer}
      </p>
      <Button
        size="m"
        mode={waiting ? "plain" : "bezeled"}
        before={waiting ? undefined : <BellRing size={18} aria-hidden="true" />}
        disabled={alert === null}
        loading={saving}
        onClick={() => void change(!waiting)}
      >
        {waiting ? stockAlertTexts.withdraw : stockAlertTexts.notify}
      </Button>
    </section>
  );
}
